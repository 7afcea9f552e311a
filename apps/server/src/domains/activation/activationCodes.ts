import { createHmac, randomInt } from 'node:crypto';
import { ACTIVATION_CODE_VALID_DAYS } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadSmsCodeKey } from '../../security/smsCodeKey';
import { safeEqual } from '../../security/tokens';

/** The letters and digits of a code, without the look-alikes 0/O and 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
const DAY_MS = 24 * 3600_000;

export const newActivationCode = () =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Codes are kept only as a keyed hash (HMAC-SHA256 with the server's code key, bound to the card), so a
 * copy of the table reveals no code and a code works for its own card only.
 */
export const activationCodeHasher = (key: Buffer) => (cardNo: string, code: string) =>
  createHmac('sha256', key).update(`activation:${cardNo}:${code}`).digest('hex');
export type ActivationCodeHasher = ReturnType<typeof activationCodeHasher>;

/** This site's hasher: activation codes are hashed with the key the SMS codes use, under their own prefix. */
export const loadActivationCodeHasher = async (config: { dataDir: string; smsCodeKey: string | undefined }) =>
  activationCodeHasher(await loadSmsCodeKey(config.dataDir, config.smsCodeKey));

/**
 * Gives each card a new code valid for 30 days; the card's earlier code, used or not, is replaced and dies.
 * Answers the codes in plain text, which exist nowhere else once the caller hands them over.
 */
export const issueActivationCodes = async (
  trx: Kysely<Database>,
  hashOf: ActivationCodeHasher,
  cardNos: string[],
  now: Date,
  /** False for cards just opened, which have no code to replace. */
  replacing = true,
): Promise<Map<string, { code: string; expiresTime: string }>> => {
  const expiresTime = new Date(now.getTime() + ACTIVATION_CODE_VALID_DAYS * DAY_MS).toISOString();
  const issued = new Map<string, { code: string; expiresTime: string }>();
  for (let start = 0; start < cardNos.length; start += 2000) {
    const chunk = cardNos.slice(start, start + 2000);
    if (replacing) await trx.deleteFrom('activationCode').where('cardNo', 'in', chunk).execute();
    const rows = chunk.map((cardNo) => {
      const code = newActivationCode();
      issued.set(cardNo, { code, expiresTime });
      return { cardNo, codeHash: hashOf(cardNo, code), createTime: now.toISOString(), expiresTime, usedTime: null };
    });
    await trx.insertInto('activationCode').values(rows).execute();
  }
  return issued;
};

export type CodeVerdict = 'ok' | 'wrong' | 'used' | 'expired';

/** Whether `code` is the card's live code; a missing card and a wrong code are the same verdict. */
export const judgeActivationCode = async (
  db: Kysely<Database>,
  hashOf: ActivationCodeHasher,
  cardNo: string,
  code: string,
  now: Date,
): Promise<CodeVerdict> => {
  const row = await db
    .selectFrom('activationCode')
    .select(['codeHash', 'expiresTime', 'usedTime'])
    .where('cardNo', '=', cardNo)
    .executeTakeFirst();
  // The hash is computed either way, so a missing card takes as long as a wrong code.
  const presented = hashOf(cardNo, code);
  if (!row || !safeEqual(row.codeHash, presented)) return 'wrong';
  if (row.usedTime !== null) return 'used';
  if (row.expiresTime <= now.toISOString()) return 'expired';
  return 'ok';
};

/** Uses the code up; false when another request used it first. */
export const useActivationCode = async (trx: Kysely<Database>, cardNo: string, codeHash: string, at: string) => {
  const result = await trx
    .updateTable('activationCode')
    .set({ usedTime: at })
    .where('cardNo', '=', cardNo)
    .where('codeHash', '=', codeHash)
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
