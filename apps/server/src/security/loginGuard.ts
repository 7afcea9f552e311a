import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../http/apiError';
import type { AttemptLimiter, AttemptRule } from './attemptLimiter';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The failure limits of one kind of log-in. A stranger who knows an account's name must not be able to
 * shut its owner out, so nothing counted against an account alone ever locks it hard below a ceiling
 * far above what one person types:
 * - the address that fails is refused outright past `perAddress` (that is the stranger's address);
 * - one account from one address gets `freeFailures` tries, then each further try waits a delay that
 *   doubles with every failure (1 s, 2 s, 4 s … at most `maxDelayMs`): the owner mistyping at home is
 *   slowed, never locked, and a stranger elsewhere does not slow the owner;
 * - the account as a whole takes at most `accountPerHour` failures an hour from all addresses together,
 *   the bound on guessing spread over many addresses.
 */
export interface LoginGuardRules {
  /** For log lines and rule names: `card`, `console`. */
  kind: string;
  perAddress: AttemptRule;
  freeFailures: number;
  maxDelayMs: number;
  accountPerHour: number;
  /**
   * Failures (from the address, or against the account from anywhere) after which each try must carry an
   * answered image challenge: a stranger with many addresses cannot spend the account's hourly ceiling
   * without solving one per guess.
   */
  challengeAfter: number;
  /** How the account appears in log lines (a card number is shown only in part). */
  logName?: (account: string) => string;
}

export interface LoginAttempt {
  /** The account tried, as typed (normalised by the caller: lower case for user names). */
  account: string;
  address: string;
}

export interface LoginGuard {
  /** Throws a 429 in Chinese when this attempt must not be made now. */
  check(attempt: LoginAttempt): Promise<void>;
  /** Counts a failure; logs it (without the password) and says how many the account/address pair has. */
  failed(attempt: LoginAttempt): Promise<{ pairFailures: number }>;
  /** A success forgets the pair's failures: the owner's next typo starts afresh. */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** Failures of the pair within the hour. */
  pairFailures(attempt: LoginAttempt): Promise<number>;
  /** Whether this attempt must carry an answered image challenge (past `challengeAfter` failures). */
  needsChallenge(attempt: LoginAttempt): Promise<boolean>;
}

export const delayAfter = (rules: LoginGuardRules, pairFailures: number) =>
  pairFailures < rules.freeFailures
    ? 0
    : Math.min(rules.maxDelayMs, SECOND * 2 ** Math.min(pairFailures - rules.freeFailures, 30));

export const createLoginGuard = (
  limiter: AttemptLimiter,
  rules: LoginGuardRules,
  now: () => Date,
  log: FastifyBaseLogger,
): LoginGuard => {
  const pairRule: AttemptRule = {
    name: `${rules.kind}-login-failed:pair`,
    max: Number.MAX_SAFE_INTEGER,
    windowMs: HOUR,
    message: '',
  };
  const accountRule: AttemptRule = {
    name: `${rules.kind}-login-failed:account`,
    max: rules.accountPerHour,
    windowMs: HOUR,
    message: '该账号登录失败次数过多，请一小时后再试',
  };
  const pairOf = ({ account, address }: LoginAttempt) => `${account}|${address}`;

  return {
    async check(attempt) {
      await limiter.assertAllowed([
        { rule: rules.perAddress, subject: attempt.address },
        { rule: accountRule, subject: attempt.account },
      ]);
      const { count, latest } = await limiter.recent(pairRule, pairOf(attempt));
      const delay = delayAfter(rules, count);
      if (delay > 0 && latest) {
        const waitMs = latest.getTime() + delay - now().getTime();
        if (waitMs > 0) {
          throw new ApiError(429, `登录失败次数较多，请 ${Math.ceil(waitMs / SECOND)} 秒后再试`);
        }
      }
    },
    async failed(attempt) {
      await limiter.record([
        { rule: rules.perAddress, subject: attempt.address },
        { rule: accountRule, subject: attempt.account },
        { rule: pairRule, subject: pairOf(attempt) },
      ]);
      const pair = await limiter.recent(pairRule, pairOf(attempt));
      const account = await limiter.recent(accountRule, attempt.account);
      const slowed = pair.count >= rules.freeFailures;
      const closed = account.count >= rules.accountPerHour;
      log.warn(
        {
          login: rules.kind,
          account: rules.logName ? rules.logName(attempt.account) : attempt.account,
          address: attempt.address,
          pairFailures: pair.count,
          accountFailures: account.count,
          ...(slowed ? { delayMs: delayAfter(rules, pair.count) } : {}),
        },
        closed ? 'log-in failed; the account reached its hourly ceiling' : 'log-in failed',
      );
      return { pairFailures: pair.count };
    },
    async succeeded(attempt) {
      await limiter.reset(pairRule, pairOf(attempt));
    },
    pairFailures: async (attempt) => (await limiter.recent(pairRule, pairOf(attempt))).count,
    async needsChallenge(attempt) {
      if ((await limiter.recent(rules.perAddress, attempt.address)).count >= rules.challengeAfter) return true;
      return (await limiter.recent(accountRule, attempt.account)).count >= rules.challengeAfter;
    },
  };
};
