import { constants, createDecipheriv, createHmac, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { encryptCardPayload, type RsaOaepEncryptor } from './encryptCardPayload';

// jsencrypt's ESM entry has extensionless imports that plain Node cannot load.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => RsaOaepEncryptor;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** The server's side, written out independently (apps/server/src/security/cardPayload.ts is tested against the server). */
const open = (form: { aesKey: string; data: string; timestamp: string }) => {
  const keyText = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(form.aesKey, 'base64'),
  ).toString('latin1');
  const keys = Buffer.from(keyText, 'base64');
  const raw = Buffer.from(form.data, 'base64');
  const iv = raw.subarray(0, 16);
  const ciphertext = raw.subarray(16, raw.length - 32);
  const mac = raw.subarray(raw.length - 32);
  const expected = createHmac('sha256', keys.subarray(32))
    .update(iv)
    .update(ciphertext)
    .update(form.timestamp)
    .digest();
  const decipher = createDecipheriv('aes-256-cbc', keys.subarray(0, 32), iv);
  return {
    keys,
    macOk: mac.equals(expected),
    payload: JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')),
  };
};

describe('encryptCardPayload', () => {
  it('produces what Node decrypts with RSA-OAEP-SHA256, AES-256-CBC and the HMAC over iv, ciphertext and timestamp', () => {
    const now = new Date('2026-03-01T08:00:00Z');
    const form = encryptCardPayload({ cardNo: '10000001', password: '密码Pass-1' }, publicPem, new JSEncrypt(), now);
    expect(form.timestamp).toBe(String(now.getTime()));
    const opened = open(form);
    expect(opened.keys).toHaveLength(64);
    expect(opened.macOk).toBe(true);
    expect(opened.payload).toEqual({ cardNo: '10000001', password: '密码Pass-1', timestamp: form.timestamp });
  });

  it('never uses crypto-js passphrase mode and never repeats a key or IV', () => {
    const first = encryptCardPayload({ cardNo: '10000001', password: 'x' }, publicPem, new JSEncrypt());
    const second = encryptCardPayload({ cardNo: '10000001', password: 'x' }, publicPem, new JSEncrypt());
    expect(Buffer.from(first.data, 'base64').subarray(0, 8).toString('latin1')).not.toBe('Salted__');
    expect(first.data.slice(0, 22)).not.toBe(second.data.slice(0, 22));
    expect(open(first).keys.equals(open(second).keys)).toBe(false);
  });

  it('binds the timestamp: another timestamp fails the MAC', () => {
    const form = encryptCardPayload({ cardNo: '10000001', password: 'x' }, publicPem, new JSEncrypt());
    expect(open({ ...form, timestamp: String(Number(form.timestamp) + 1) }).macOk).toBe(false);
  });
});
