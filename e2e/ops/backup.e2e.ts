import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../harness/consoleApi';
import { consoleWrite, imageTitles, runScript, type ServerProcess, startServer } from './serverProcess';

const INSERT = '/lianmeng/img/imageMsgInsert';
const image = (title: string) => ({
  belongSortid: 3,
  isOpen: 0,
  photoAddress: 'https://partner.example.org/logo.png',
  photoTitle: title,
});

const folders: string[] = [];
const servers: ServerProcess[] = [];
const scratch = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-ops-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

describe('npm run backup and npm run restore (SQLite)', () => {
  it('backs up during a stream of writes; the restore starts and holds every write acknowledged before it began', async () => {
    const original = await scratch();
    const site = await startServer(original);
    servers.push(site);
    const session = await signIn(site, 'editor');

    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (name: string) => {
      for (let index = 0; writing; index += 1) {
        const title = `备份期间写入 ${name}-${index}`;
        const answer = await consoleWrite(site.url, session, INSERT, image(title));
        if (answer.status !== 200) throw new Error(`write refused: ${JSON.stringify(answer.body)}`);
        acknowledged.push(title);
      }
    };
    const writers = [writer('a'), writer('b')];
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = [...acknowledged];
    const backup = await runScript('backup.mjs', [], { DATA_DIR: original });
    const duringOrAfter = acknowledged.length - before.length;
    while (acknowledged.length < before.length + duringOrAfter + 10) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writing = false;
    await Promise.all(writers);
    expect(backup.code, backup.output).toBe(0);
    const folder = /备份完成：(.+)/.exec(backup.output)?.[1]?.trim() ?? '';
    expect(path.dirname(folder)).toBe(path.join(original, 'backups'));
    const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest.integrity).toBe('ok');
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
    console.info(
      `backup: ${before.length} writes acknowledged before it, ${duringOrAfter} while it ran, ${acknowledged.length} in all; ${manifest.uploads} uploads`,
    );

    // Restoring over a database a server holds open is refused, and changes nothing.
    const refused = await runScript('restore.mjs', [folder], { DATA_DIR: original });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('数据库正被运行中的服务器使用');
    const stillServed = await imageTitles(site, session, 3);
    expect(acknowledged.filter((title) => !stillServed.has(title))).toEqual([]);
    await site.stop();

    const restoredDir = await scratch();
    const restore = await runScript('restore.mjs', [folder], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    const uploadsInBackup = (await fs.readdir(path.join(folder, 'uploads'))).sort();
    expect(uploadsInBackup.length).toBeGreaterThan(0);
    expect((await fs.readdir(path.join(restoredDir, 'uploads'))).sort()).toEqual(uploadsInBackup);

    const restored = await startServer(restoredDir);
    servers.push(restored);
    const health = await (await fetch(`${restored.url}/healthz`)).json();
    expect(health.data.database).toBe('ok');
    // The console session was in the database too: it is valid on the restored server.
    const titles = await imageTitles(restored, session, 3);
    const lost = before.filter((title) => !titles.has(title));
    expect(lost).toEqual([]);
    // Nothing written after the backup finished is there.
    expect(titles.has(acknowledged.at(-1) ?? '')).toBe(false);
    const partner = await fetch(`${restored.url}/uploads/${uploadsInBackup.find((name) => name.endsWith('.png'))}`);
    expect(partner.status).toBe(200);
  });

  it('tells the operator to use pg_dump and pg_restore for PostgreSQL', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DATA_DIR: await scratch() };
    for (const [script, args] of [
      ['backup.mjs', []],
      ['restore.mjs', ['x']],
    ] as const) {
      const result = await runScript(script, [...args], env);
      expect(result.code).toBe(2);
      expect(result.output).toContain('pg_dump');
      expect(result.output).toContain('pg_restore');
    }
  });

  it('refuses a folder that is not a backup, in Chinese, without touching anything', async () => {
    const dataDir = await scratch();
    const result = await runScript('restore.mjs', [dataDir], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain('不是 npm run backup 写出的备份目录');
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
