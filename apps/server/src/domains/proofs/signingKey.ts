import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

export const PROOF_SIGNING_FILE = 'proof-signing.pem';
const MODULUS_BITS = 2048;
const CERTIFICATE_YEARS = 10;

export interface ProofSigningKey {
  privateKey: KeyObject;
  /** The certificate as the PKCS#7 signature embeds it. */
  certificate: forge.pki.Certificate;
  /** The public certificate, served for anyone who wants to pin it. */
  certificatePem: string;
}

const PEM_KEY = /-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA )?PRIVATE KEY-----/;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

const fromPems = (keyPem: string, certificatePem: string): ProofSigningKey => {
  const privateKey = createPrivateKey(keyPem);
  if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < MODULUS_BITS) {
    throw new Error(`the proof signing key must be RSA with at least ${MODULUS_BITS} bits`);
  }
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
  const modulus = privateKey.export({ format: 'jwk' }).n ?? '';
  if (publicKey.n.toString(16) !== Buffer.from(modulus, 'base64url').toString('hex').replace(/^0+/, '')) {
    throw new Error('the proof signing certificate does not belong to the proof signing key');
  }
  return { privateKey, certificate, certificatePem: forge.pki.certificateToPem(certificate) };
};

/** A self-signed certificate naming the alliance, for a site that has not been given one. */
const selfSigned = (keyPem: string, publicKeyPem: string, now: Date) => {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  // A positive serial: the high bit of the first byte clear.
  certificate.serialNumber = `0${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime());
  certificate.validity.notAfter.setFullYear(now.getFullYear() + CERTIFICATE_YEARS);
  const name = [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: forge.util.encodeUtf8('全国学校体育联盟（机器人运动）') },
    { shortName: 'CN', value: forge.util.encodeUtf8('学习成果证明电子签章') },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
};

/**
 * The configured key and certificate (both PEM), else the pair in dataDir, else a new key with a
 * self-signed certificate written there in one owner-only file. Several processes starting at once: the
 * first write wins (`wx`) and the others read it, so every process signs with the same certificate.
 */
export const loadProofSigningKey = async (
  dataDir: string,
  configured: { key: string | undefined; certificate: string | undefined },
  now: Date,
): Promise<ProofSigningKey> => {
  if (configured.key || configured.certificate) {
    if (!configured.key || !configured.certificate) {
      throw new Error('PROOF_SIGNING_KEY and PROOF_SIGNING_CERT must be set together');
    }
    return fromPems(configured.key, configured.certificate);
  }
  const file = path.join(dataDir, PROOF_SIGNING_FILE);
  const read = async () => {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (!text) return null;
    const key = PEM_KEY.exec(text)?.[0];
    const certificate = PEM_CERTIFICATE.exec(text)?.[0];
    if (!key || !certificate) throw new Error(`${file} must hold a private key and a certificate (PEM)`);
    return fromPems(key, certificate);
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: MODULUS_BITS });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificatePem = selfSigned(keyPem, publicKey.export({ type: 'spki', format: 'pem' }).toString(), now);
  await fs.mkdir(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: a link is made at once or not at all, so a
  // second generation at the same moment (another process on this DATA_DIR) never reads a half-written file
  // and keeps the key that was linked first, not its own.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await fs.writeFile(draft, `${keyPem}${certificatePem}`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await read();
    if (written) return written;
  } finally {
    await fs.rm(draft, { force: true });
  }
  return fromPems(keyPem, certificatePem);
};
