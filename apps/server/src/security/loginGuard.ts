import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/apiError';
import type { AttemptCheck, AttemptLimiter, AttemptRule } from './attemptLimiter';
import { addressKey } from './clientAddress';
import type { KnownDevices } from './knownDevices';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The failure limits of one kind of log-in. A stranger who knows an account's name must not be able to
 * shut its owner out, nor one pupil's typing the whole school behind its gateway:
 * - one address past `perAddress.slowAfter` failures: each try needs the image challenge and is held
 *   `slowDownMs`; past `perAddress.max` (a flood, not a school) it is refused;
 * - one account from one address (or from one known browser) gets `freeFailures` tries, then each further
 *   try waits a delay that doubles with every failure (1 s, 2 s, 4 s … at most `maxDelayMs`): the owner
 *   mistyping is slowed, never locked, and a stranger elsewhere does not slow the owner;
 * - the account past `accountPerHour` failures an hour from everywhere: its owner is told, and every try
 *   from a browser that never logged in to it needs the challenge and is held; past `accountCeilingPerHour`
 *   such tries are refused. A browser that logged in to the account before is still let through to try.
 */
export interface LoginGuardRules {
  /** For log lines and rule names: `card`, `console`. */
  kind: string;
  perAddress: AttemptRule & { slowAfter: number };
  freeFailures: number;
  maxDelayMs: number;
  accountPerHour: number;
  accountCeilingPerHour: number;
  /** How long a try is held once its address or account is past its soft limit. */
  slowDownMs: number;
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

/** One try, its failure already counted: the answer of the password check settles it. */
export interface LoginTry {
  /** The password was wrong: the counted failure stands; logged (without the password). */
  failed(): Promise<{ pairFailures: number }>;
  /** The password was right: the failure counted ahead is given back, the pair's failures forgotten. */
  succeeded(reply?: FastifyReply): Promise<void>;
}

export interface LoginGuard {
  /**
   * Counts the try as a failure before the password is checked, so a burst of simultaneous tries is judged
   * one by one and each sees the others; throws a 429 in Chinese when it must not be made now. `challenge`
   * is called with whether this try must carry an answered image challenge (it throws the refusal); a try
   * refused for its challenge or its timing stays counted against the address and the account.
   */
  begin(
    attempt: LoginAttempt,
    options?: { request?: FastifyRequest; challenge?: (needed: boolean) => Promise<void> },
  ): Promise<LoginTry>;
}

export interface LoginGuardOptions {
  /** Browsers that logged in before, let through past the account's ceiling. */
  devices?: KnownDevices;
  /** Tells the owner that the account reached its ceiling (once per crossing); failures here are logged only. */
  notifyOwner?: (account: string) => Promise<void>;
  /** How a try is held (tests replace it). */
  wait?: (ms: number) => Promise<unknown>;
}

export const delayAfter = (rules: LoginGuardRules, pairFailures: number) =>
  pairFailures < rules.freeFailures
    ? 0
    : Math.min(rules.maxDelayMs, SECOND * 2 ** Math.min(pairFailures - rules.freeFailures, 30));

/** Rules counted but never refusing: a known browser is not held to the ceilings strangers meet. */
const countOnly = (rule: AttemptRule): AttemptRule => ({ ...rule, max: Number.MAX_SAFE_INTEGER });

type Verdict =
  | { kind: 'refused'; message: string }
  | { kind: 'wait'; waitMs: number; accountBefore: number }
  | { kind: 'go'; challenge: boolean; holdMs: number; accountBefore: number };

export const createLoginGuard = (
  limiter: AttemptLimiter,
  rules: LoginGuardRules,
  now: () => Date,
  log: FastifyBaseLogger,
  options: LoginGuardOptions = {},
): LoginGuard => {
  const wait = options.wait ?? sleep;
  const pairRule: AttemptRule = {
    name: `${rules.kind}-login-failed:pair`,
    max: Number.MAX_SAFE_INTEGER,
    windowMs: HOUR,
    message: '',
  };
  const accountRule: AttemptRule = {
    name: `${rules.kind}-login-failed:account`,
    max: rules.accountCeilingPerHour,
    windowMs: HOUR,
    message: '该账号登录失败次数过多，请一小时后再试',
  };
  // A known browser is its own pair wherever it is, so strangers behind the same gateway do not slow it.
  const pairOf = ({ account, address }: LoginAttempt, device: string | null) =>
    device ? `${account}|device:${device}` : `${account}|${addressKey(address)}`;
  const accountName = (account: string) => (rules.logName ? rules.logName(account) : account);
  const reachedCeiling = async ({ account, address }: LoginAttempt) => {
    log.warn(
      { login: rules.kind, account: accountName(account), address, accountFailures: rules.accountPerHour },
      'the account reached its hourly ceiling of failed log-ins; its owner is told',
    );
    await options.notifyOwner?.(account).catch((error: unknown) => {
      log.error({ err: error, account: accountName(account) }, 'the owner could not be told');
    });
  };

  const judge = (seen: { count: number; latest: Date | null }[], known: boolean): Verdict => {
    const [address = { count: 0 }, account = { count: 0 }, pair = { count: 0, latest: null }] = seen;
    if (!known && address.count >= rules.perAddress.max) return { kind: 'refused', message: rules.perAddress.message };
    if (!known && account.count >= rules.accountCeilingPerHour)
      return { kind: 'refused', message: accountRule.message };
    const delay = delayAfter(rules, pair.count);
    const waitMs = delay > 0 && pair.latest ? pair.latest.getTime() + delay - now().getTime() : 0;
    if (waitMs > 0) return { kind: 'wait', waitMs, accountBefore: account.count };
    const crowded = address.count >= rules.perAddress.slowAfter || account.count >= rules.accountPerHour;
    return {
      kind: 'go',
      challenge: known
        ? pair.count >= rules.challengeAfter
        : address.count >= rules.challengeAfter || account.count >= rules.challengeAfter,
      holdMs: !known && crowded ? rules.slowDownMs : 0,
      accountBefore: account.count,
    };
  };

  return {
    async begin(attempt, { request, challenge } = {}) {
      const device = request && options.devices ? await options.devices.recognise(request, attempt.account) : null;
      const known = device !== null;
      const checks: AttemptCheck[] = [
        { rule: known ? countOnly(rules.perAddress) : rules.perAddress, subject: attempt.address },
        { rule: known ? countOnly(accountRule) : accountRule, subject: attempt.account },
        { rule: pairRule, subject: pairOf(attempt, device) },
      ];
      const reservation = await limiter.reserve(checks, (seen) => {
        const verdict = judge(seen, known);
        // A flood past the ceiling is not counted further; a try too soon counts against address and account.
        const record = verdict.kind === 'refused' ? [false, false, false] : [true, true, verdict.kind === 'go'];
        return { record, outcome: verdict };
      });
      const verdict = reservation.outcome;
      if (verdict.kind === 'refused') throw new ApiError(429, verdict.message);
      // Exactly one try crosses the line, since tries are counted one at a time.
      if (verdict.accountBefore + 1 === rules.accountPerHour) await reachedCeiling(attempt);
      if (verdict.kind === 'wait') {
        throw new ApiError(429, `登录失败次数较多，请 ${Math.ceil(verdict.waitMs / SECOND)} 秒后再试`);
      }
      if (verdict.holdMs > 0) await wait(verdict.holdMs);
      if (challenge) await challenge(verdict.challenge);

      return {
        async failed() {
          const pair = await limiter.recent(pairRule, pairOf(attempt, device));
          log.warn(
            {
              login: rules.kind,
              account: accountName(attempt.account),
              address: attempt.address,
              knownDevice: known,
              pairFailures: pair.count,
              accountFailures: verdict.accountBefore + 1,
              ...(pair.count >= rules.freeFailures ? { delayMs: delayAfter(rules, pair.count) } : {}),
            },
            'log-in failed',
          );
          return { pairFailures: pair.count };
        },
        async succeeded(reply) {
          await reservation.release();
          await limiter.reset(pairRule, pairOf(attempt, device));
          log.info(
            { login: rules.kind, account: accountName(attempt.account), address: attempt.address, knownDevice: known },
            'log-in succeeded',
          );
          if (request && reply && options.devices) await options.devices.remember(request, reply, attempt.account);
        },
      };
    },
  };
};
