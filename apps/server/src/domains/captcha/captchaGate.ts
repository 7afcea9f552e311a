import { CAPTCHA_REFUSED_MESSAGE, CAPTCHA_REQUIRED_MESSAGE } from '@lianmeng/core';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../http/apiError';
import type { CaptchaChallenges } from './challenges';

/** The challenge fields a guarded call may carry beside its own. */
export interface CaptchaAnswer {
  captchaId?: unknown;
  captchaCode?: unknown;
  captchaProof?: unknown;
}

export interface CaptchaGate {
  /** Whether challenges are asked for at all (`CAPTCHA=off`: never). */
  readonly enabled: boolean;
  /**
   * When `needed` (and challenges are on), throws the Chinese refusal unless the call carries the right
   * answer to a live challenge; the challenge is used up either way.
   */
  demand(answer: CaptchaAnswer, needed: boolean, log: FastifyBaseLogger): Promise<void>;
}

export const createCaptchaGate = (enabled: boolean, challenges: CaptchaChallenges): CaptchaGate => ({
  enabled,
  async demand(answer, needed, log) {
    if (!enabled || !needed) return;
    const { captchaId, captchaCode, captchaProof } = answer;
    if (typeof captchaId !== 'string' || typeof captchaCode !== 'string' || !captchaId || !captchaCode.trim()) {
      throw badRequest(CAPTCHA_REQUIRED_MESSAGE);
    }
    // A missing proof of work is a wrong answer, not a missing one: the form that typed the picture's
    // characters had its challenge, and a new one is what it needs.
    if (!(await challenges.consume(captchaId, captchaCode, typeof captchaProof === 'string' ? captchaProof : ''))) {
      log.info('challenge answered wrongly, without its proof of work or too late');
      throw badRequest(CAPTCHA_REFUSED_MESSAGE);
    }
  },
});
