import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerCardSecondFactor } from '../secondFactor/cardSecondFactor';
import { createCardHoldersContext } from './cardHoldersContext';
import { registerChangePassword } from './changePassword';
import { registerChooseCard } from './chooseCard';
import { registerCreditBankInfo } from './creditBankInfo';
import { registerInfo } from './info';
import { registerLegacyValidateCardByPass } from './legacyValidateCardByPass';
import { registerLoginByPhoneAndCode } from './loginByPhoneAndCode';
import { registerLogout } from './logout';
import { registerPublicKey } from './publicKey';
import { registerResetPassword } from './resetPassword';
import { registerSendCode } from './sendCode';
import type { SmsSender } from './smsSender';
import { registerSsoCode } from './ssoCode';
import { registerSsoGetUser } from './ssoGetUser';
import { registerSsoReturnOrigins } from './ssoReturnOrigins';
import { registerValidateCardByPass } from './validateCardByPass';

/**
 * Card holders: the account-centre calls (`/api/uc`), single sign-on (`/card`) and the credit bank. Answers
 * the context built, for the other card-holder calls (activation) to share its keys, limits and challenge.
 */
export const registerCardHolderRoutes = async (
  app: FastifyInstance,
  serverContext: ServerContext,
  smsSender: SmsSender | undefined,
) => {
  const context = await createCardHoldersContext(serverContext, smsSender, app.log);
  registerPublicKey(app, context);
  registerSsoReturnOrigins(app, context);
  registerValidateCardByPass(app, context);
  registerCardSecondFactor(app, context);
  registerSendCode(app, context);
  registerLoginByPhoneAndCode(app, context);
  registerResetPassword(app, context);
  registerLogout(app, context);
  registerInfo(app, context);
  registerChooseCard(app, context);
  registerChangePassword(app, context);
  registerLegacyValidateCardByPass(app, context);
  registerSsoCode(app, context);
  registerSsoGetUser(app, context);
  registerCreditBankInfo(app, context);
  return context;
};
