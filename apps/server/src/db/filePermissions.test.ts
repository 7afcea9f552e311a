import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from './database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const folders: string[] = [];
const scratch = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lianmeng-perm-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data folder and the SQLite file', () => {
  it('are created owner-only (0700, 0600), the write-ahead log too, whatever the umask', async () => {
    const dataDir = path.join(scratch(), 'data');
    const previous = process.umask(0o022);
    try {
      const db = openDatabase(undefined, dataDir);
      await db.kysely.schema.createTable('probe').addColumn('id', 'integer').execute();
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, SQLITE_FILE_NAME))).toBe(0o600);
      expect(modeOf(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(0o600);
      await db.destroy();
    } finally {
      process.umask(previous);
    }
  });
});

describe('npm run restore', () => {
  /** A backup folder as `npm run backup` writes it: a manifest, the database, an uploads folder. */
  const backupFolder = () => {
    const folder = scratch();
    fs.writeFileSync(path.join(folder, 'manifest.json'), '{}');
    const database = new Database(path.join(folder, SQLITE_FILE_NAME));
    database.exec('create table probe (id integer)');
    database.close();
    fs.mkdirSync(path.join(folder, 'uploads'));
    fs.writeFileSync(path.join(folder, 'uploads', 'photo.png'), 'png');
    return folder;
  };
  const restore = (folder: string, dataDir: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return spawnSync(process.execPath, [path.join(root, 'scripts/restore.mjs'), folder], { env, encoding: 'utf8' });
  };

  it('copies no file reached through a symbolic link in the backup folder', () => {
    const secret = path.join(scratch(), 'secret.txt');
    fs.writeFileSync(secret, 'not for the web');
    const folder = backupFolder();
    fs.symlinkSync(secret, path.join(folder, 'uploads', 'leak.png'));
    fs.mkdirSync(path.join(folder, 'uploads', 'nested'));
    fs.symlinkSync(secret, path.join(folder, 'uploads', 'nested', 'leak.png'));
    const dataDir = path.join(scratch(), 'data');

    const run = restore(folder, dataDir);
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photo.png'), 'utf8')).toBe('png');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'leak.png'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'nested', 'leak.png'))).toBe(false);
    expect(run.stdout).toContain('已跳过符号链接');
    expect(modeOf(path.join(dataDir, SQLITE_FILE_NAME))).toBe(0o600);
  });

  it('refuses a database, an uploads folder or a key file that is a symbolic link, changing nothing', () => {
    for (const name of [SQLITE_FILE_NAME, 'uploads', 'sms-code-key']) {
      const folder = backupFolder();
      const elsewhere = path.join(scratch(), name);
      if (name === 'sms-code-key') fs.writeFileSync(elsewhere, 'ab'.repeat(32));
      else fs.renameSync(path.join(folder, name), elsewhere);
      fs.symlinkSync(elsewhere, path.join(folder, name));
      const dataDir = path.join(scratch(), 'data');
      const run = restore(folder, dataDir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('符号链接');
      expect(fs.existsSync(path.join(dataDir, SQLITE_FILE_NAME))).toBe(false);
    }
  });
});
