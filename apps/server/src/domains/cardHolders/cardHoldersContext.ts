import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import { type AttemptLimiter, createAttemptLimiter } from '../../security/attemptLimiter';
import { type CardKeyPair, loadCardKeyPair } from '../../security/cardKeyPair';
import { createLoginGuard, type LoginGuard } from '../../security/loginGuard';
import { CARD_LOGIN_RULES } from '../../security/loginRules';
import { loadSmsCodeKey } from '../../security/smsCodeKey';
import type { CardTokens } from '../../sessions/cardHolderTokens';
import { type CaptchaGate, createCaptcha } from '../captcha';
import { createSmsCodes, type SmsCodes } from './smsCodes';
import { createOutboxSender, type SmsSender } from './smsSender';

/** What the card-holder routes (account centre, single sign-on, credit bank) share. */
export interface CardHoldersContext extends ServerContext {
  tokens: CardTokens;
  limiter: AttemptLimiter;
  /** Failure limits of the card-password checks (log-in, the legacy check, password change). */
  cardLogins: LoginGuard;
  keys: CardKeyPair;
  smsCodes: SmsCodes;
  smsSender: SmsSender;
  /** The image challenge before an SMS code is sent and after repeated failures. */
  captcha: CaptchaGate;
}

export const createCardHoldersContext = async (
  context: ServerContext,
  smsSender: SmsSender | undefined,
  log: FastifyBaseLogger,
): Promise<CardHoldersContext> => {
  const limiter = createAttemptLimiter(context.db, context.now);
  return {
    ...context,
    tokens: context.cardTokens,
    limiter,
    cardLogins: createLoginGuard(limiter, CARD_LOGIN_RULES, context.now, log),
    keys: await loadCardKeyPair(context.config.dataDir, context.config.cardPrivateKey),
    smsCodes: createSmsCodes(
      context.db,
      context.now,
      await loadSmsCodeKey(context.config.dataDir, context.config.smsCodeKey),
    ),
    smsSender: smsSender ?? createOutboxSender(context.config.dataDir, context.now),
    captcha: createCaptcha(context).gate,
  };
};
