// Where the server keeps its SQLite data, read from the same environment variables as apps/server/src/config.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DATABASE_FILE_NAME = 'lianmeng.sqlite';
export const CARD_KEY_FILE_NAME = 'card-login-key.pem';
/** The HMAC key of stored SMS codes and image-challenge answers (apps/server/src/security/smsCodeKey.ts). */
export const SMS_CODE_KEY_FILE_NAME = 'sms-code-key';
/**
 * The generated keys a backup carries beside the database: without the same keys, the restored card
 * log-in payloads, SMS codes and image challenges would no longer verify.
 */
export const KEY_FILE_NAMES = [CARD_KEY_FILE_NAME, SMS_CODE_KEY_FILE_NAME];

/** PostgreSQL has its own tools; they take a consistent dump while the servers run. */
export const POSTGRES_ADVICE = `数据库是 PostgreSQL（DATABASE_URL=postgres://…）：请用 PostgreSQL 自带的工具备份和恢复。
  备份：pg_dump --format=custom --file=lianmeng-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"
  恢复：pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <备份文件>（先停止所有服务器进程）
上传的图片在 DATA_DIR/uploads，请另行复制（例如 rsync -a "$DATA_DIR/uploads/" <目标目录>/uploads/）。`;

/** `{ kind: 'postgres' }`, or the data folder and the SQLite file the server would open. */
export const sqliteData = (env = process.env) => {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  const url = env.DATABASE_URL || '';
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', dataDir };
  if (url === ':memory:') throw new Error('DATABASE_URL=:memory: 的数据库只在进程内存中，无法备份或恢复');
  if (url && !url.startsWith('sqlite:')) throw new Error('DATABASE_URL 必须以 postgres:// 或 sqlite: 开头');
  const file = url ? path.resolve(dataDir, url.slice('sqlite:'.length)) : path.join(dataDir, DATABASE_FILE_NAME);
  return { kind: 'sqlite', dataDir, file, uploads: path.join(dataDir, 'uploads') };
};

/** Prints a Chinese message and exits: these scripts are run by operators, not read as code. */
export const fail = (message, code = 1) => {
  console.error(message);
  process.exit(code);
};
