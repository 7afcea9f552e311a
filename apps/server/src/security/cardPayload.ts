import { constants, createDecipheriv, createHmac, type KeyObject, privateDecrypt, timingSafeEqual } from 'node:crypto';
import { CARD_NO, CARD_PAYLOAD_MAX_SKEW_MS } from '@lianmeng/core';
import { sha256 } from './tokens';

const IV_BYTES = 16;
const MAC_BYTES = 32;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Any reason a card payload is refused; the caller answers all of them with one message. */
export class PayloadRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PayloadRefused';
  }
}

export interface CardCredentials {
  cardNo: string;
  password: string;
  /** Identifies this payload for the replay guard. */
  digest: string;
  /** Until when a replay of it must be refused. */
  replayableUntil: Date;
}

export interface EncryptedCardForm {
  aesKey?: unknown;
  data?: unknown;
  timestamp?: unknown;
}

const base64 = (value: unknown, what: string) => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 16_384 || !BASE64.test(value)) {
    throw new PayloadRefused(`${what} is not base64`);
  }
  return Buffer.from(value, 'base64');
};

/**
 * Opens the card log-in payload the portal builds (packages/core/src/crypto):
 * aesKey = RSA-OAEP-SHA256(base64(aesKey ‖ hmacKey)), data = base64(iv ‖ AES-256-CBC ciphertext ‖ HMAC),
 * HMAC-SHA256(hmacKey, iv ‖ ciphertext ‖ timestamp). The MAC is checked before anything is decrypted.
 */
export const openCardPayload = (
  form: EncryptedCardForm,
  privateKey: KeyObject,
  modulusBytes: number,
  now: Date,
): CardCredentials => {
  const timestamp = form.timestamp;
  if (typeof timestamp !== 'string' || !/^\d{10,16}$/.test(timestamp)) throw new PayloadRefused('bad timestamp');
  const sentAt = Number(timestamp);
  if (Math.abs(now.getTime() - sentAt) > CARD_PAYLOAD_MAX_SKEW_MS) throw new PayloadRefused('stale timestamp');

  let wrapped = base64(form.aesKey, 'aesKey');
  if (wrapped.length > modulusBytes || wrapped.length < modulusBytes - 8) {
    throw new PayloadRefused('wrapped key has the wrong length');
  }
  // Some RSA encoders drop the ciphertext's leading zero bytes.
  if (wrapped.length < modulusBytes) wrapped = Buffer.concat([Buffer.alloc(modulusBytes - wrapped.length), wrapped]);
  let keyText: string;
  try {
    keyText = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    ).toString('latin1');
  } catch {
    throw new PayloadRefused('key unwrap failed');
  }
  const keys = base64(keyText, 'unwrapped keys');
  if (keys.length !== KEY_BYTES * 2) throw new PayloadRefused('unwrapped keys have the wrong length');
  const aesKey = keys.subarray(0, KEY_BYTES);
  const hmacKey = keys.subarray(KEY_BYTES);

  const raw = base64(form.data, 'data');
  const cipherLength = raw.length - IV_BYTES - MAC_BYTES;
  if (cipherLength < 16 || cipherLength % 16 !== 0) throw new PayloadRefused('data has the wrong length');
  const iv = raw.subarray(0, IV_BYTES);
  const ciphertext = raw.subarray(IV_BYTES, IV_BYTES + cipherLength);
  const mac = raw.subarray(IV_BYTES + cipherLength);
  const expected = createHmac('sha256', hmacKey).update(iv).update(ciphertext).update(timestamp, 'utf8').digest();
  if (!timingSafeEqual(mac, expected)) throw new PayloadRefused('MAC mismatch');

  let inner: unknown;
  try {
    const decipher = createDecipheriv('aes-256-cbc', aesKey, iv);
    inner = JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8'));
  } catch {
    throw new PayloadRefused('undecipherable');
  }
  const { cardNo, password, timestamp: innerTimestamp } = (inner ?? {}) as Record<string, unknown>;
  if (String(innerTimestamp) !== timestamp) throw new PayloadRefused('timestamp differs from the one inside');
  if (typeof cardNo !== 'string' || !CARD_NO.test(cardNo)) throw new PayloadRefused('bad card number');
  if (typeof password !== 'string' || password.length === 0 || password.length > 128) {
    throw new PayloadRefused('bad password');
  }
  return {
    cardNo,
    password,
    digest: sha256(mac.toString('base64')),
    replayableUntil: new Date(sentAt + CARD_PAYLOAD_MAX_SKEW_MS),
  };
};
