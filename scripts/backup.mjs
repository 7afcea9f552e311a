// `npm run backup`: a consistent copy of the SQLite database and the uploads in DATA_DIR/backups/<time>/.
// Safe while servers run: the database is copied through SQLite's online backup API, which reads a
// committed state, never a half-written one.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE_NAME, fail, KEY_FILE_NAMES, POSTGRES_ADVICE, sqliteData } from './sqliteData.mjs';

let data;
try {
  data = sqliteData();
} catch (error) {
  fail(error.message);
}
if (data.kind === 'postgres') fail(POSTGRES_ADVICE, 2);
if (!fs.existsSync(data.file)) fail(`没有找到数据库文件：${data.file}（DATA_DIR 或 DATABASE_URL 是否正确？）`);

const startedAt = new Date();
const folder = path.join(data.dataDir, 'backups', startedAt.toISOString().replace(/[:.]/g, '-'));
// The folder holds every account's password hash and possibly the generated keys: its owner only.
fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
fs.chmodSync(folder, 0o700);

const target = path.join(folder, DATABASE_FILE_NAME);
const source = new Database(data.file, { fileMustExist: true, timeout: 10_000 });
try {
  // A page count larger than any database here: the rest is copied in one step, inside one read
  // transaction, so a stream of writes cannot keep restarting the copy.
  await source.backup(target, { progress: () => 1_000_000 });
} finally {
  source.close();
}

const copy = new Database(target, { fileMustExist: true });
const integrity = copy.pragma('integrity_check', { simple: true });
const tables = copy
  .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
  .pluck()
  .all();
const rows = Object.fromEntries(
  tables.map((table) => [
    table,
    copy
      .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
      .pluck()
      .get(),
  ]),
);
copy.pragma('journal_mode = DELETE');
copy.close();
if (integrity !== 'ok') fail(`备份文件未通过完整性检查：${integrity}`);

// After the database: every file the copied rows name already exists by now (uploads are written before
// the rows that use them, and only files no row has named for a day are ever removed).
let uploads = 0;
if (fs.existsSync(data.uploads)) {
  fs.cpSync(data.uploads, path.join(folder, 'uploads'), { recursive: true, preserveTimestamps: true });
  uploads = fs.readdirSync(path.join(folder, 'uploads'), { recursive: true }).length;
}
// Teams' attachments (random names, written before their rows), without uploads still arriving (`.upload-…`).
const teamFilesDir = path.join(data.dataDir, 'team-files');
let teamFiles = 0;
if (fs.existsSync(teamFilesDir)) {
  fs.cpSync(teamFilesDir, path.join(folder, 'team-files'), {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !path.basename(source).startsWith('.upload-'),
  });
  teamFiles = fs.readdirSync(path.join(folder, 'team-files')).length;
}
const keys = [];
for (const name of KEY_FILE_NAMES) {
  const key = path.join(data.dataDir, name);
  if (!fs.existsSync(key)) continue;
  fs.copyFileSync(key, path.join(folder, name));
  fs.chmodSync(path.join(folder, name), 0o600);
  keys.push(name);
}

const manifest = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  database: DATABASE_FILE_NAME,
  from: data.file,
  integrity,
  rows,
  uploads,
  teamFiles,
  keys,
};
fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.info(`备份完成：${folder}`);
console.info(
  `  数据库 ${Object.values(rows).reduce((sum, n) => sum + n, 0)} 行（完整性检查 ok），上传文件 ${uploads} 个，参赛附件 ${teamFiles} 个`,
);
console.info(`  恢复：npm run restore -- ${folder}`);
