import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerCreditBankInfo } from '../creditBank/creditBankInfo';
import { registerSsoGetUser } from '../sso/ssoGetUser';
import { createAccountsContext } from './accountsContext';
import { registerChangePassword } from './changePassword';
import { registerInfo } from './info';
import { registerLegacyValidateCardByPass } from './legacyValidateCardByPass';
import { registerLoginByPhoneAndCode } from './loginByPhoneAndCode';
import { registerLogout } from './logout';
import { registerPublicKey } from './publicKey';
import { registerResetPassword } from './resetPassword';
import { registerSendCode } from './sendCode';
import type { SmsSender } from './smsSender';
import { registerSsoReturnOrigins } from './ssoReturnOrigins';
import { registerValidateCardByPass } from './validateCardByPass';

/** Card holders: the account-centre calls, single sign-on and the credit bank. */
export const registerAccountRoutes = async (
  app: FastifyInstance,
  serverContext: ServerContext,
  smsSender: SmsSender | undefined,
) => {
  const context = await createAccountsContext(app, serverContext, smsSender);
  registerPublicKey(app, context);
  registerSsoReturnOrigins(app, context);
  registerValidateCardByPass(app, context);
  registerSendCode(app, context);
  registerLoginByPhoneAndCode(app, context);
  registerResetPassword(app, context);
  registerLogout(app, context);
  registerInfo(app, context);
  registerChangePassword(app, context);
  registerLegacyValidateCardByPass(app, context);
  registerSsoGetUser(app, context);
  registerCreditBankInfo(app, context);
};
