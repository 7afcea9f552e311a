import type { Kysely } from 'kysely';
import type { Database, SecondFactorTicketTable } from '../../db/schema';
import { sha256 } from '../../security/tokens';

/**
 * Every read and write of the second-factor tables: `second_factor` (one secret per account),
 * `recovery_code` (its one-time codes, hashed) and `second_factor_ticket` (a sign-in between its password
 * and its code). An account is `console:<id>` or `card:<card number>`.
 */

export const consoleAccountKey = (userId: number) => `console:${userId}`;
export const cardAccountKey = (cardNo: string) => `card:${cardNo}`;

export const findSecondFactor = (db: Kysely<Database>, account: string) =>
  db.selectFrom('secondFactor').selectAll().where('account', '=', account).executeTakeFirst();

/**
 * Records that the account used the code of `timeStep`, unless it already used that step or a later one (the
 * same code twice, or two requests with one code at once): true when this use is the one that counts.
 */
export const spendTimeStep = async (db: Kysely<Database>, account: string, timeStep: number) => {
  const result = await db
    .updateTable('secondFactor')
    .set({ lastTimeStep: timeStep })
    .where('account', '=', account)
    .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Forgets which codes the account used (the test harness, whose clock stands still, answers the same code again). */
export const forgetUsedCodes = (db: Kysely<Database>, account: string) =>
  db.updateTable('secondFactor').set({ lastTimeStep: null }).where('account', '=', account).execute();

/** Enrols (or re-enrols) the account: the new secret replaces the old one, and so do its recovery codes. */
export const saveSecondFactor = async (
  trx: Kysely<Database>,
  account: string,
  secret: string,
  recoveryCodes: readonly string[],
  at: string,
) => {
  await trx.deleteFrom('secondFactor').where('account', '=', account).execute();
  await trx.insertInto('secondFactor').values({ account, secret, enrolledTime: at }).execute();
  await trx.deleteFrom('recoveryCode').where('account', '=', account).execute();
  await trx
    .insertInto('recoveryCode')
    .values(recoveryCodes.map((code) => ({ account, codeHash: sha256(code), usedTime: null })))
    .execute();
};

/** Many enrolments at once (the demo seed and the test factories), without recovery codes. */
export const insertSecondFactors = async (
  db: Kysely<Database>,
  rows: { account: string; secret: string; enrolledTime: string }[],
) => {
  if (rows.length > 0) await db.insertInto('secondFactor').values(rows).execute();
};

/** Uses up one recovery code; false when it is not one of the account's unused codes. */
export const useRecoveryCode = async (trx: Kysely<Database>, account: string, code: string, at: string) => {
  const result = await trx
    .updateTable('recoveryCode')
    .set({ usedTime: at })
    .where('account', '=', account)
    .where('codeHash', '=', sha256(code))
    .where('usedTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const unusedRecoveryCodes = async (db: Kysely<Database>, account: string) => {
  const row = await db
    .selectFrom('recoveryCode')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account', '=', account)
    .where('usedTime', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertTicket = async (db: Kysely<Database>, row: SecondFactorTicketTable) => {
  // Expired tickets of the account go as a new one comes.
  await db
    .deleteFrom('secondFactorTicket')
    .where('account', '=', row.account)
    .where('expiresTime', '<', row.createTime)
    .execute();
  await db.insertInto('secondFactorTicket').values(row).execute();
};

export const findTicket = (db: Kysely<Database>, ticketHash: string) =>
  db.selectFrom('secondFactorTicket').selectAll().where('ticketHash', '=', ticketHash).executeTakeFirst();

/** Takes one try from the ticket; false when none was left (the ticket is then removed). */
export const spendTicketTry = async (db: Kysely<Database>, ticketHash: string) => {
  const result = await db
    .updateTable('secondFactorTicket')
    .set((eb) => ({ triesLeft: eb('triesLeft', '-', 1) }))
    .where('ticketHash', '=', ticketHash)
    .where('triesLeft', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Removes the ticket; true only for the caller that removed it, so a ticket finishes one sign-in. */
export const removeTicket = async (db: Kysely<Database>, ticketHash: string) => {
  const result = await db.deleteFrom('secondFactorTicket').where('ticketHash', '=', ticketHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};
