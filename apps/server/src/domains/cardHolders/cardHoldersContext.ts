import type { ServerContext } from '../../context';
import { type AttemptLimiter, createAttemptLimiter } from '../../security/attemptLimiter';
import { type CardKeyPair, loadCardKeyPair } from '../../security/cardKeyPair';
import type { CardTokens } from '../../sessions/cardHolderTokens';
import { createSmsCodes, type SmsCodes } from './smsCodes';
import { createOutboxSender, type SmsSender } from './smsSender';

/** What the card-holder routes (account centre, single sign-on, credit bank) share. */
export interface CardHoldersContext extends ServerContext {
  tokens: CardTokens;
  limiter: AttemptLimiter;
  keys: CardKeyPair;
  smsCodes: SmsCodes;
  smsSender: SmsSender;
}

export const createCardHoldersContext = async (
  context: ServerContext,
  smsSender: SmsSender | undefined,
): Promise<CardHoldersContext> => ({
  ...context,
  tokens: context.cardTokens,
  limiter: createAttemptLimiter(context.db, context.now),
  keys: await loadCardKeyPair(context.config.dataDir, context.config.cardPrivateKey),
  smsCodes: createSmsCodes(context.db, context.now),
  smsSender: smsSender ?? createOutboxSender(context.config.dataDir, context.now),
});
