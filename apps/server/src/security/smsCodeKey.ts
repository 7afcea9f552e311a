import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const SMS_CODE_KEY_FILE = 'sms-code-key';
const KEY_BYTES = 32;
const MIN_CONFIGURED_CHARS = 32;

/**
 * The key SMS codes are hashed with (HMAC-SHA256). A code has only a million values, so an unkeyed hash
 * in a copied database is read back by trying them all; keyed, the copy alone reveals nothing. The
 * configured key, else the one in dataDir, else a new one written there (owner-only); several processes
 * starting at once: the first write wins (`wx`) and the others read it.
 */
export const loadSmsCodeKey = async (dataDir: string, configured: string | undefined): Promise<Buffer> => {
  if (configured) {
    if (configured.length < MIN_CONFIGURED_CHARS) {
      throw new Error(`SMS_CODE_KEY must be at least ${MIN_CONFIGURED_CHARS} characters`);
    }
    return Buffer.from(configured, 'utf8');
  }
  const file = path.join(dataDir, SMS_CODE_KEY_FILE);
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return Buffer.from(existing.trim(), 'hex');
  const key = randomBytes(KEY_BYTES);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'hex');
  }
  return key;
};
