import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CARD_PRIVATE_KEY } from '../testing/testCardKey';
import { CARD_KEY_FILE, loadCardKeyPair } from './cardKeyPair';

describe('loadCardKeyPair', () => {
  it('generates a 2048-bit key into dataDir (owner-only) at first start and reuses it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-key-'));
    try {
      const first = await loadCardKeyPair(dataDir, undefined);
      expect(first.modulusBytes).toBe(256);
      const stat = await fs.stat(path.join(dataDir, CARD_KEY_FILE));
      expect(stat.mode & 0o777).toBe(0o600);
      const second = await loadCardKeyPair(dataDir, undefined);
      expect(second.publicKeyPem).toBe(first.publicKeyPem);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses a configured key, and refuses a short one', async () => {
    const configured = await loadCardKeyPair('/nonexistent', TEST_CARD_PRIVATE_KEY);
    expect(configured.modulusBytes).toBe(256);
    expect(configured.publicKeyPem).toBe(
      createPublicKey(TEST_CARD_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }).toString(),
    );
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    await expect(loadCardKeyPair('/nonexistent', short.toString())).rejects.toThrow(/2048/);
  });
});
