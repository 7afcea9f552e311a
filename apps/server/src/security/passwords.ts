import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. */
// `algorithm: 2` is Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
export const ARGON2_PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_PARAMETERS);

// Verifying against this when the account does not exist keeps the answer time the same.
let decoy: Promise<string> | undefined;

export const verifyPassword = async (passwordHash: string | undefined, password: string): Promise<boolean> => {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-never-used');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};
