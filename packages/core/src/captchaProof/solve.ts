import type { CaptchaProofChallenge } from '../contract/captcha';

const hexToBytes = (hex: string) => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
};
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Base64 of the JSON text, as the server reads the payload (ALTCHA's PoW v2 `{challenge, solution}`). */
const encodePayload = (payload: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Gives up after this many counters: a challenge the server drew never needs more than its upper bound. */
const MAX_COUNTER = 1_000_000;

/**
 * Solves a proof-of-work challenge in the calling thread: tries counters from 0 until the PBKDF2-SHA-256 key
 * of nonce ‖ counter (big-endian, 32 bits) with the challenge's salt and cost starts with its prefix. Answers
 * the payload to send as `captchaProof`, or null when aborted or never found.
 */
export const solveInThisThread = async (
  challenge: CaptchaProofChallenge,
  signal?: AbortSignal,
): Promise<string | null> => {
  const { parameters } = challenge;
  if (parameters.algorithm !== 'PBKDF2/SHA-256') return null;
  const nonce = hexToBytes(parameters.nonce);
  const salt = hexToBytes(parameters.salt);
  const prefix = parameters.keyPrefix.toLowerCase();
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce, 0);
  const view = new DataView(password.buffer);
  for (let counter = 0; counter < MAX_COUNTER; counter++) {
    if (signal?.aborted) return null;
    view.setUint32(nonce.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, { name: 'PBKDF2' }, false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', salt, iterations: parameters.cost, hash: 'SHA-256' },
      key,
      parameters.keyLength * 8,
    );
    const derivedKey = bytesToHex(new Uint8Array(bits));
    if (derivedKey.startsWith(prefix)) return encodePayload({ challenge, solution: { counter, derivedKey } });
  }
  return null;
};
