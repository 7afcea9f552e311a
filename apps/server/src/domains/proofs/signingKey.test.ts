import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../../testing/testServer';
import { loadProofSigningKey, PROOF_SIGNING_FILE } from './signingKey';

let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-signing-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

const unset = { key: undefined, certificate: undefined };
const pemsOf = async (dataDir: string) => {
  const text = await fs.readFile(path.join(dataDir, PROOF_SIGNING_FILE), 'utf8');
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)?.[0];
  const certificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  return { key, certificate };
};

describe('the proof signing key', () => {
  it('is generated once into DATA_DIR (0600) and read back by every later start', async () => {
    const dataDir = path.join(folder, 'generated');
    // Four starts at once (processes sharing DATA_DIR): every one keeps the key that landed in the file.
    const loaded = await Promise.all(Array.from({ length: 4 }, () => loadProofSigningKey(dataDir, unset, new Date())));
    const again = await loadProofSigningKey(dataDir, unset, new Date());
    const stored = (await pemsOf(dataDir)).certificate?.replace(/\r/g, '');
    for (const key of [...loaded, again]) expect(key.certificatePem.replace(/\r/g, '').trim()).toBe(stored);
    expect((await fs.stat(path.join(dataDir, PROOF_SIGNING_FILE))).mode & 0o777).toBe(0o600);
    // No half-written drafts are left beside it.
    expect(await fs.readdir(dataDir)).toEqual([PROOF_SIGNING_FILE]);
  });

  it('takes a configured pair, and refuses half a pair or a certificate of another key', async () => {
    const one = path.join(folder, 'one');
    const other = path.join(folder, 'other');
    await loadProofSigningKey(one, unset, new Date());
    await loadProofSigningKey(other, unset, new Date());
    const mine = await pemsOf(one);
    const theirs = await pemsOf(other);
    const configured = await loadProofSigningKey(path.join(folder, 'unused'), mine, new Date());
    expect(configured.certificatePem.replace(/\r/g, '')).toContain(mine.certificate?.replace(/\r/g, '') ?? 'none');
    await expect(loadProofSigningKey(folder, { key: mine.key, certificate: undefined }, new Date())).rejects.toThrow(
      /PROOF_SIGNING_KEY and PROOF_SIGNING_CERT/,
    );
    await expect(
      loadProofSigningKey(folder, { key: mine.key, certificate: theirs.certificate }, new Date()),
    ).rejects.toThrow(/does not belong/);
  }, 30_000);

  it('a missing CJK font stops the start with a message naming the file', async () => {
    await expect(createTestServer({ proofFont: path.join(folder, 'no-such-font.ttc') })).rejects.toThrow(
      /CJK font .*no-such-font\.ttc.*fonts-noto-cjk/,
    );
  });
});
