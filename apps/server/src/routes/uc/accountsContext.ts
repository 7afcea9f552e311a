import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { type CardTokens, createCardTokens } from '../../plugins/cardHolderToken';
import { type AttemptLimiter, createAttemptLimiter } from '../../security/attemptLimiter';
import { type CardKeyPair, loadCardKeyPair } from '../../security/cardKeyPair';
import { createSmsCodes, type SmsCodes } from './smsCodes';
import { createOutboxSender, type SmsSender } from './smsSender';

/** What the card-holder routes (uc, sso, creditBank) share. */
export interface AccountsContext extends ServerContext {
  tokens: CardTokens;
  limiter: AttemptLimiter;
  keys: CardKeyPair;
  smsCodes: SmsCodes;
  smsSender: SmsSender;
}

export const createAccountsContext = async (
  app: FastifyInstance,
  context: ServerContext,
  smsSender: SmsSender | undefined,
): Promise<AccountsContext> => ({
  ...context,
  tokens: createCardTokens(app, context.db, context.now),
  limiter: createAttemptLimiter(context.db, context.now),
  keys: await loadCardKeyPair(context.config.dataDir, context.config.cardPrivateKey),
  smsCodes: createSmsCodes(context.db, context.now),
  smsSender: smsSender ?? createOutboxSender(context.config.dataDir, context.now),
});
