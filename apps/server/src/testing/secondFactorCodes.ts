import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findSecondFactor, forgetUsedCodes } from '../domains/secondFactor/secondFactorRepository';
import { totpCode } from '../security/totp';

interface StepAnswer {
  secondFactor?: { ticket: string; enrolment: { secret: string } | null };
}

/**
 * The code a person would read from the authenticator app for a sign-in's second step: from the secret
 * the step offers to enrol, or else from the account's stored secret (tests stand in for the phone). A code
 * works once; the tests' clock stands still, so the account's used codes are forgotten first, as if the person
 * had waited for the next one (the rule itself has tests of its own).
 */
export const codeForStep = async (
  db: Kysely<Database>,
  account: string,
  step: StepAnswer['secondFactor'],
  at: Date,
) => {
  const secret = step?.enrolment?.secret ?? (await findSecondFactor(db, account))?.secret;
  if (!secret) throw new Error(`no second factor for ${account}`);
  await forgetUsedCodes(db, account);
  return totpCode(secret, at);
};

export type { StepAnswer };
