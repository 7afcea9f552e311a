// `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back as DATA_DIR's database
// and uploads. Refuses while any process has the database open; the database it replaces is kept beside it.
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

const argument = process.argv[2];
if (!argument)
  fail('用法：npm run restore -- <备份目录>（npm run backup 打印的目录，或 DATA_DIR/backups/ 下的目录名）');
const folder = [path.resolve(argument), path.join(data.dataDir, 'backups', argument)].find((candidate) =>
  fs.existsSync(path.join(candidate, 'manifest.json')),
);
if (!folder) fail(`不是 npm run backup 写出的备份目录（没有 manifest.json）：${argument}`);
// Nothing in the backup folder is followed through a symbolic link: a folder someone else could write to
// must not make the restore read (and the server then serve) a file from elsewhere on the machine.
const isLink = (file) => fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
const refuseLink = (file) => {
  if (isLink(file)) fail(`备份目录中的 ${file} 是符号链接，已拒绝恢复，未做任何改动。`);
};
const backupFile = path.join(folder, DATABASE_FILE_NAME);
refuseLink(backupFile);
if (!fs.existsSync(backupFile)) fail(`备份目录中没有数据库文件：${backupFile}`);
const backupUploads = path.join(folder, 'uploads');
refuseLink(backupUploads);
const backupTeamFiles = path.join(folder, 'team-files');
refuseLink(backupTeamFiles);
for (const name of KEY_FILE_NAMES) refuseLink(path.join(folder, name));

const check = new Database(backupFile, { readonly: true, fileMustExist: true });
const integrity = check.pragma('integrity_check', { simple: true });
check.close();
if (integrity !== 'ok') fail(`备份文件未通过完整性检查，未做任何改动：${integrity}`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
if (fs.existsSync(data.file)) {
  // Leaving WAL mode needs the only connection to the file: a running server (any process) holds one, so
  // this fails at once instead of replacing a database under it.
  const probe = new Database(data.file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('journal_mode = DELETE');
  } catch (error) {
    probe.close();
    if (error?.code === 'SQLITE_BUSY' || error?.code === 'SQLITE_LOCKED')
      fail(`数据库正被运行中的服务器使用：请先停止所有使用 ${data.file} 的服务器进程，再恢复。未做任何改动。`);
    throw error;
  }
  probe.close();
  fs.renameSync(data.file, `${data.file}.before-restore-${stamp}`);
}
for (const suffix of ['-wal', '-shm']) fs.rmSync(`${data.file}${suffix}`, { force: true });

fs.mkdirSync(path.dirname(data.file), { recursive: true, mode: 0o700 });
const incoming = `${data.file}.restoring-${stamp}`;
fs.copyFileSync(backupFile, incoming);
fs.chmodSync(incoming, 0o600);
fs.renameSync(incoming, data.file);

/** Copies a tree of plain files and folders; a symbolic link in it is skipped and named. */
const skippedLinks = [];
const copyTree = (from, to) => {
  const stat = fs.lstatSync(from);
  if (stat.isSymbolicLink()) {
    skippedLinks.push(from);
  } else if (stat.isDirectory()) {
    fs.mkdirSync(to, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(from)) copyTree(path.join(from, name), path.join(to, name));
  } else if (stat.isFile()) {
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
    fs.utimesSync(to, stat.atime, stat.mtime);
  }
};

// Uploads are named by their content: adding the backup's files never changes one that is there already,
// and a file that is there but no longer used is removed by the server's own sweep.
let uploads = 0;
if (fs.existsSync(backupUploads)) {
  fs.mkdirSync(data.uploads, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(backupUploads)) {
    const to = path.join(data.uploads, name);
    if (fs.existsSync(to)) continue;
    copyTree(path.join(backupUploads, name), to);
    if (fs.existsSync(to)) uploads += 1;
  }
}
// Teams' attachments have random names: the backup's are added beside any there, none overwritten.
let teamFiles = 0;
if (fs.existsSync(backupTeamFiles)) {
  const teamFilesDir = path.join(data.dataDir, 'team-files');
  fs.mkdirSync(teamFilesDir, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(backupTeamFiles)) {
    const to = path.join(teamFilesDir, name);
    if (fs.existsSync(to)) continue;
    copyTree(path.join(backupTeamFiles, name), to);
    if (fs.existsSync(to)) teamFiles += 1;
  }
}
// The restored rows were written under the backup's keys (card log-in payloads in flight, SMS code and
// image-challenge hashes): those keys come back too; a different key there is kept beside, not lost.
const keptKeys = [];
for (const name of KEY_FILE_NAMES) {
  const key = path.join(data.dataDir, name);
  const backupKey = path.join(folder, name);
  if (!fs.existsSync(backupKey)) continue;
  if (fs.existsSync(key)) {
    if (fs.readFileSync(key).equals(fs.readFileSync(backupKey))) continue;
    fs.renameSync(key, `${key}.before-restore-${stamp}`);
    keptKeys.push(`${key}.before-restore-${stamp}`);
  }
  fs.copyFileSync(backupKey, key);
  fs.chmodSync(key, 0o600);
}

console.info(`恢复完成：${data.file} ← ${folder}`);
if (fs.existsSync(`${data.file}.before-restore-${stamp}`))
  console.info(`  原数据库保留为 ${data.file}.before-restore-${stamp}`);
for (const kept of keptKeys) console.info(`  原密钥文件保留为 ${kept}`);
for (const link of skippedLinks) console.info(`  已跳过符号链接：${link}`);
console.info(`  补回上传文件 ${uploads} 个，参赛附件 ${teamFiles} 个。现在可以启动服务器（npm start）。`);
