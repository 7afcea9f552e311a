import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export const CARD_KEY_FILE = 'card-login-key.pem';
const MODULUS_BITS = 2048;

export interface CardKeyPair {
  privateKey: KeyObject;
  /** SPKI PEM: what the portal encrypts the payload keys with. */
  publicKeyPem: string;
  /** Length of an RSA ciphertext under this key. */
  modulusBytes: number;
}

const fromPrivatePem = (pem: string): CardKeyPair => {
  const privateKey = createPrivateKey(pem);
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < MODULUS_BITS) {
    throw new Error(`the card log-in key must be RSA with at least ${MODULUS_BITS} bits`);
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem, modulusBytes: bits / 8 };
};

/**
 * The configured key, else the one in dataDir, else a new one written there (owner-only). Several
 * processes starting at once: the first write wins (`wx`) and the others read it.
 */
export const loadCardKeyPair = async (dataDir: string, configuredPem: string | undefined): Promise<CardKeyPair> => {
  if (configuredPem) return fromPrivatePem(configuredPem);
  const file = path.join(dataDir, CARD_KEY_FILE);
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return fromPrivatePem(existing);
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: MODULUS_BITS });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fromPrivatePem(await fs.readFile(file, 'utf8'));
  }
  return fromPrivatePem(pem);
};
