import CryptoJS from 'crypto-js';

/** What jsencrypt's JSEncrypt offers; passed in so the browser bundle and Node tests load it their own way. */
export interface RsaOaepEncryptor {
  setPublicKey(pem: string): void;
  /** RSA-OAEP with SHA-256, base64 out. */
  encryptOAEP(text: string): string | false;
}

export interface EncryptedCardForm {
  aesKey: string;
  data: string;
  timestamp: string;
}

const randomWords = (bytes: number) => {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  let hex = '';
  for (const byte of buffer) hex += byte.toString(16).padStart(2, '0');
  return CryptoJS.enc.Hex.parse(hex);
};

/**
 * The card log-in payload, so a password never travels readable: a fresh AES-256 key, HMAC key and IV;
 * data = base64(iv ‖ AES-256-CBC(JSON {cardNo, password, timestamp}) ‖ HMAC-SHA256(iv ‖ ciphertext ‖ timestamp));
 * aesKey = RSA-OAEP-SHA256(base64(aesKey ‖ hmacKey)) under the server's public key.
 * Key and IV are WordArrays: a string key would switch crypto-js to its passphrase mode.
 */
export const encryptCardPayload = (
  credentials: { cardNo: string; password: string },
  publicKeyPem: string,
  rsa: RsaOaepEncryptor,
  now: Date = new Date(),
): EncryptedCardForm => {
  const timestamp = String(now.getTime());
  const aesKey = randomWords(32);
  const hmacKey = randomWords(32);
  const iv = randomWords(16);
  const plaintext = JSON.stringify({ cardNo: credentials.cardNo, password: credentials.password, timestamp });
  const ciphertext = CryptoJS.AES.encrypt(plaintext, aesKey, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).ciphertext;
  const signed = iv.clone().concat(ciphertext).concat(CryptoJS.enc.Utf8.parse(timestamp));
  const mac = CryptoJS.HmacSHA256(signed, hmacKey);
  rsa.setPublicKey(publicKeyPem);
  const wrapped = rsa.encryptOAEP(CryptoJS.enc.Base64.stringify(aesKey.clone().concat(hmacKey)));
  if (!wrapped) throw new Error('the public key could not encrypt the payload key');
  return {
    aesKey: wrapped,
    data: CryptoJS.enc.Base64.stringify(iv.clone().concat(ciphertext).concat(mac)),
    timestamp,
  };
};
