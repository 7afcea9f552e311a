import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { randomToken, sha256 } from '../../security/tokens';
import {
  enrolmentOf,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  RECOVERY_CODE,
  totpTimeStep,
} from '../../security/totp';
import {
  findSecondFactor,
  findTicket,
  insertTicket,
  removeTicket,
  saveSecondFactor,
  spendTicketTry,
  spendTimeStep,
  useRecoveryCode,
} from './secondFactorRepository';

export { cardAccountKey, consoleAccountKey } from './secondFactorRepository';

/** Administrators and editors change what the public sees and who may sign in: they must have a second factor. */
export const consoleNeedsSecondFactor = (role: string) => role === 'admin' || role === 'editor';

/** Institution and operator card accounts write pupils' records: they must have a second factor. */
export const cardNeedsSecondFactor = (holder: { institution: number; operator: number }) =>
  Number(holder.institution) === 1 || Number(holder.operator) === 1;

/** A sign-in waits at most this long between its password and its code. */
export const TICKET_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes one ticket takes before it is spent (each also counts as a failed sign-in of the account). */
export const TICKET_TRIES = 5;

export const SECOND_FACTOR_EXPIRED = '动态口令步骤已过期，请重新登录';
export const SECOND_FACTOR_WRONG = '动态口令或恢复码不正确';

export interface SecondStep {
  ticket: string;
  /** For an account that has no second factor yet: the secret to add to an authenticator app. */
  enrolment: { secret: string; uri: string; qrSvg: string } | null;
}

/** Whether a sign-in of this account stops for a code: it has a second factor, or its kind of account needs one. */
export const needsSecondStep = async (db: Db, account: string, required: boolean) =>
  required || (await findSecondFactor(db.kysely, account)) !== undefined;

/**
 * The code step of a sign-in whose password (or SMS code) was right: a ticket for the next call and, for an
 * account without a second factor (or asking for a new one), a new secret that the first right code confirms.
 */
export const startSecondStep = async (
  db: Db,
  account: string,
  options: { label: string; at: Date; loginPhone?: string | null; renew?: boolean },
): Promise<SecondStep> => {
  const enrolled = options.renew ? undefined : await findSecondFactor(db.kysely, account);
  const pendingSecret = enrolled ? null : newTotpSecret();
  const ticket = randomToken();
  await insertTicket(db.kysely, {
    ticketHash: sha256(ticket),
    account,
    pendingSecret,
    loginPhone: options.loginPhone ?? null,
    triesLeft: TICKET_TRIES,
    createTime: options.at.toISOString(),
    expiresTime: new Date(options.at.getTime() + TICKET_LIFETIME_MS).toISOString(),
  });
  return { ticket, enrolment: pendingSecret ? await enrolmentOf(pendingSecret, options.label) : null };
};

/** The account a live ticket belongs to, or null (unknown or expired): read before the code is checked. */
export const ticketOwner = async (db: Db, ticket: string, at: Date) => {
  const row = await findTicket(db.kysely, sha256(ticket));
  return row && row.expiresTime > at.toISOString() ? row.account : null;
};

export type SecondStepOutcome =
  | { kind: 'passed'; account: string; loginPhone: string | null; recoveryCodes: string[] | null }
  /** A wrong code for a live ticket: the caller counts it as a failed sign-in of `account`. */
  | { kind: 'wrong'; account: string }
  | { kind: 'expired' };

/**
 * Checks the code given for a ticket: the authenticator's code, or one of the account's unused recovery
 * codes (used up by this). An enrolment's first right code saves the secret and hands out ten new
 * recovery codes. A ticket finishes one sign-in only.
 */
export const finishSecondStep = async (
  db: Db,
  ticket: string,
  typed: string,
  at: Date,
  options: {
    /** The account the ticket must belong to (an enrolment confirmed from a signed-in console). */
    owner?: string;
    /** Audits a confirmed enrolment in the transaction that saves it. */
    auditEnrolment?: (trx: Kysely<Database>, account: string) => Promise<unknown>;
  } = {},
): Promise<SecondStepOutcome> => {
  const { owner, auditEnrolment } = options;
  const ticketHash = sha256(ticket);
  const row = await findTicket(db.kysely, ticketHash);
  if (!row || row.expiresTime <= at.toISOString() || (owner !== undefined && row.account !== owner)) {
    return { kind: 'expired' };
  }
  if (!(await spendTicketTry(db.kysely, ticketHash))) {
    await removeTicket(db.kysely, ticketHash);
    return { kind: 'expired' };
  }
  const code = typed.trim();
  const passed = (recoveryCodes: string[] | null) => ({
    kind: 'passed' as const,
    account: row.account,
    loginPhone: row.loginPhone,
    recoveryCodes,
  });
  const stamp = at.toISOString();
  if (row.pendingSecret) {
    const step = await totpTimeStep(row.pendingSecret, code, at);
    if (step === null) return { kind: 'wrong', account: row.account };
    const recoveryCodes = newRecoveryCodes();
    const secret = row.pendingSecret;
    const done = await db.writeTransaction(async (trx) => {
      if (!(await removeTicket(trx, ticketHash))) return false;
      await saveSecondFactor(trx, row.account, secret, recoveryCodes, stamp);
      // The code that confirmed the enrolment is used: it cannot sign in as well.
      await spendTimeStep(trx, row.account, step);
      await auditEnrolment?.(trx, row.account);
      return true;
    });
    return done ? passed(recoveryCodes) : { kind: 'expired' };
  }
  const factor = await findSecondFactor(db.kysely, row.account);
  if (!factor) return { kind: 'expired' };
  const step = await totpTimeStep(factor.secret, code, at);
  // A code already used (or used at once by another request) is wrong, like any other wrong code.
  if (step !== null) {
    if (!(await spendTimeStep(db.kysely, row.account, step))) return { kind: 'wrong', account: row.account };
    return (await removeTicket(db.kysely, ticketHash)) ? passed(null) : { kind: 'expired' };
  }
  const recovery = normalRecoveryCode(code);
  if (!RECOVERY_CODE.test(recovery)) return { kind: 'wrong', account: row.account };
  const used = await db
    .writeTransaction(async (trx) => {
      if (!(await useRecoveryCode(trx, row.account, recovery, stamp))) return 'wrong';
      // The code is used up only together with the ticket, so one code finishes one sign-in.
      if (!(await removeTicket(trx, ticketHash))) throw new TicketGone();
      return 'passed';
    })
    .catch((error: unknown) => {
      if (error instanceof TicketGone) return 'expired' as const;
      throw error;
    });
  if (used === 'passed') return passed(null);
  return used === 'wrong' ? { kind: 'wrong', account: row.account } : { kind: 'expired' };
};

class TicketGone extends Error {}
