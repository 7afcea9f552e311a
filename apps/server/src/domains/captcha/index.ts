import { api, CAPTCHA_RULES } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { type AttemptRule, createAttemptLimiter } from '../../security/attemptLimiter';
import { loadSmsCodeKey } from '../../security/smsCodeKey';
import { type Breaker, createBreaker, registerLoginBreaker } from './breaker';
import { type CaptchaGate, createCaptchaGate } from './captchaGate';
import { type CaptchaChallenges, createCaptchaChallenges } from './challenges';

export type { Breaker } from './breaker';
export type { CaptchaAnswer, CaptchaGate } from './captchaGate';

const CAPTCHA_PER_ADDRESS: AttemptRule = {
  name: 'captcha-issued:address',
  max: CAPTCHA_RULES.perAddress,
  windowMs: CAPTCHA_RULES.perAddressWindowMs,
  message: '获取图形验证码过于频繁，请稍后再试',
};

export interface Captcha {
  challenges: CaptchaChallenges;
  gate: CaptchaGate;
  /** The site-wide circuit breaker (SMS per hour, failed log-ins per minute), on whatever `CAPTCHA` says. */
  breaker: Breaker;
}

/**
 * The image challenges of one server. Answers are hashed with the SMS-code key (under their own prefix), so
 * the one key file a backup carries, and every process sharing the database shares, serves both.
 */
export const createCaptcha = ({ config, db, now }: ServerContext): Captcha => {
  let key: Promise<Buffer> | undefined;
  const loadKey = () => {
    key ??= loadSmsCodeKey(config.dataDir, config.smsCodeKey);
    return key;
  };
  const challenges = createCaptchaChallenges(
    db,
    now,
    loadKey,
    config.captchaAnswersForTests ? config.dataDir : undefined,
  );
  return {
    challenges,
    gate: createCaptchaGate(config.captcha, challenges),
    breaker: createBreaker({ config, db, now }),
  };
};

/**
 * `GET /api/captcha`: a fresh challenge, never cached, a bounded number per address; and the log-in
 * breaker around every log-in call.
 */
export const registerCaptchaRoute = (
  app: FastifyInstance,
  context: ServerContext,
  { challenges, gate, breaker }: Captcha,
) => {
  registerLoginBreaker(app, breaker);
  const limiter = createAttemptLimiter(context.db, context.now);
  if (context.config.captchaAnswersForTests) {
    app.log.warn('LIANMENG_TEST_CAPTCHA_ANSWERS is on: image challenge answers are written to DATA_DIR (tests only)');
  }
  defineRoute(app, api.captcha.create, async ({ request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    // Switched off, the forms learn from this answer that they need not show a challenge.
    if (!gate.enabled) return { captchaId: '', image: '', proof: null, required: false };
    const byAddress = [{ rule: CAPTCHA_PER_ADDRESS, subject: request.ip }];
    await limiter.assertAllowed(byAddress);
    await limiter.record(byAddress);
    return { ...(await challenges.issue()), required: true };
  });
};
