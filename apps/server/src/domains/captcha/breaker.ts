import { api, type CallDefinition, LOGIN_BREAKER_MESSAGE, SMS_BREAKER_MESSAGE } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/apiError';
import { type AttemptRule, createAttemptLimiter } from '../../security/attemptLimiter';

/** The one subject the site-wide counts are kept under, apart from every address and account. */
const SITE = 'site';

/**
 * The calls a failed log-in comes through: a 401 from any of them counts against the breaker, and while it
 * is tripped each is refused before it checks anything. The legacy check answers `valid: false` instead of
 * a 401, so it counts its own failures (`loginFailed`).
 */
const LOGIN_CALLS: CallDefinition[] = [
  api.uc.validateCardByPass,
  api.uc.legacyValidateCardByPass,
  api.uc.loginByPhoneAndCode,
  api.uc.resetPassword,
  api.uc.secondFactor,
  api.consoleAuth.login,
  api.consoleAuth.secondFactor,
];
const loginRoutes = new Set(LOGIN_CALLS.map((call) => `${call.method} ${call.path}`));
const isLoginCall = (request: FastifyRequest) => loginRoutes.has(`${request.method} ${request.routeOptions.url ?? ''}`);

export interface Breaker {
  /** Throws 503 once the hour's SMS ceiling is reached, otherwise counts one code sent. */
  chargeSms(): Promise<void>;
  /** Throws 503 while the minute's failed log-ins are at the ceiling. */
  assertLoginsOpen(): Promise<void>;
  /** Counts one failed log-in. */
  loginFailed(): Promise<void>;
}

/**
 * The site-wide circuit breaker. Per-address and per-account limits do not stop a spread-out attack (many
 * addresses, many cards, a farm that answers challenges), so two counts over the whole site bound what
 * one costs: SMS codes sent per hour (each one is paid for) and failed log-ins per minute. Both are kept in
 * the database, so every process sharing it trips together, and neither depends on the challenge being on.
 */
export const createBreaker = ({ config, db, now }: Pick<ServerContext, 'config' | 'db' | 'now'>): Breaker => {
  const limiter = createAttemptLimiter(db, now);
  const { smsPerHour, loginFailuresPerMinute } = config.breaker;
  const smsRule: AttemptRule = {
    name: 'breaker:sms-sent',
    max: smsPerHour,
    windowMs: 60 * 60 * 1000,
    message: SMS_BREAKER_MESSAGE,
  };
  const failureRule: AttemptRule = {
    name: 'breaker:login-failed',
    max: loginFailuresPerMinute,
    windowMs: 60 * 1000,
    message: LOGIN_BREAKER_MESSAGE,
  };
  const tripped = async (rule: AttemptRule) => (await limiter.recent(rule, SITE)).count >= rule.max;
  return {
    async chargeSms() {
      if (smsPerHour === 0) return;
      // Checked and counted in one step, so simultaneous sends cannot all pass the last free place.
      await limiter.reserve([{ rule: smsRule, subject: SITE }], ([seen]) => {
        if ((seen?.count ?? 0) >= smsRule.max) throw new ApiError(503, SMS_BREAKER_MESSAGE);
        return { record: [true], outcome: undefined };
      });
    },
    async assertLoginsOpen() {
      if (loginFailuresPerMinute === 0) return;
      if (await tripped(failureRule)) throw new ApiError(503, LOGIN_BREAKER_MESSAGE);
    },
    async loginFailed() {
      if (loginFailuresPerMinute === 0) return;
      await limiter.record([{ rule: failureRule, subject: SITE }]);
    },
  };
};

/** Installs the log-in breaker around every log-in call: refused while tripped, each 401 counted. */
export const registerLoginBreaker = (app: FastifyInstance, breaker: Breaker) => {
  let trippedLogged = false;
  app.addHook('preHandler', async (request) => {
    if (!isLoginCall(request)) return;
    try {
      await breaker.assertLoginsOpen();
      trippedLogged = false;
    } catch (refusal) {
      // One line per trip, not one per refused request.
      if (!trippedLogged) request.log.error('circuit breaker tripped: too many failed log-ins across the site');
      trippedLogged = true;
      throw refusal;
    }
  });
  // Counted before the answer leaves (onSend, not onResponse): a client that has its 401 and tries again at
  // once must find the failure already counted.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 && isLoginCall(request)) await breaker.loginFailed();
    return payload;
  });
};
