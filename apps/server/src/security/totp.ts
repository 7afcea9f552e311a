import { randomInt } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name an authenticator app shows above the account's codes. */
const ISSUER = '联盟门户';

/** A new base32 secret of 160 random bits, as authenticator apps expect. */
export const newTotpSecret = () => generateSecret();

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** The six-digit code of `secret` at `at` (the demo's scripts and the tests compute codes this way). */
export const totpCode = (secret: string, at: Date) => generateSync({ secret, epoch: epochOf(at) });

/**
 * The time step `code` belongs to if it is the secret's code now, or one step before or after (a phone's clock a
 * few seconds off still signs in); null if it is not. That a code works once is the caller's to enforce, with
 * the step in the database (`spendTimeStep`): the library's own check (`afterTimeStep`) throws when the last
 * step used lies past this process's window, as it does after another process with a faster clock took it.
 */
export const totpTimeStep = async (secret: string, code: string, at: Date) => {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: epochOf(at), epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};

/** What an enrolment shows: the secret typed by hand, and the otpauth address as a QR code (SVG). */
export const enrolmentOf = async (secret: string, label: string) => {
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
};

/** Ten one-time recovery codes, `xxxxx-xxxxx` in lower-case letters and digits that are not confused. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE = /^[a-z2-9]{5}-[a-z2-9]{5}$/;
export const newRecoveryCodes = (count = 10) =>
  Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });

/** How a recovery code typed by a person is compared: spaces dropped, case ignored. */
export const normalRecoveryCode = (typed: string) => typed.replace(/\s+/g, '').toLowerCase();
