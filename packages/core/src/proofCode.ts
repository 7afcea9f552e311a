/**
 * A proof's verification code: 16 characters from an alphabet without the look-alikes 0/O and 1/I
 * (32 symbols, 5 bits each: 80 bits), printed and shown in groups of four. Kept apart from the contract, so
 * the browser gets these helpers as they are.
 */
export const PROOF_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PROOF_CODE_LENGTH = 16;

/** The code as typed: lower case, spaces and dashes between groups are the same code. */
export const normalizeProofCode = (typed: string) => typed.replace(/[\s-]+/g, '').toUpperCase();

/** `ABCD EFGH JKLM NPQR`: how a code is printed. */
export const groupProofCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');
