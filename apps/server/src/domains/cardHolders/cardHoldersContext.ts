import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import { type AttemptLimiter, createAttemptLimiter } from '../../security/attemptLimiter';
import { type CardKeyPair, loadCardKeyPair } from '../../security/cardKeyPair';
import { cookiePolicy } from '../../security/cookies';
import { createKnownDevices } from '../../security/knownDevices';
import { createLoginGuard, type LoginGuard } from '../../security/loginGuard';
import { CARD_LOGIN_RULES } from '../../security/loginRules';
import { loadSmsCodeKey } from '../../security/smsCodeKey';
import type { CardTokens } from '../../sessions/cardHolderTokens';
import { type Breaker, type CaptchaGate, createCaptcha } from '../captcha';
import { sendSms, writeNotices } from '../credits/notices';
import { findCardHolder } from './cardHolderRepository';
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
  /** The site-wide ceilings on SMS codes sent and failed log-ins. */
  breaker: Breaker;
}

export const createCardHoldersContext = async (
  context: ServerContext,
  smsSender: SmsSender | undefined,
  log: FastifyBaseLogger,
): Promise<CardHoldersContext> => {
  const { db, config, now } = context;
  const limiter = createAttemptLimiter(db, now);
  const { gate, breaker } = createCaptcha(context);
  const sender = smsSender ?? createOutboxSender(config.dataDir, now);
  const loadKey = () => loadSmsCodeKey(config.dataDir, config.smsCodeKey);
  /** The holder hears of strangers' guessing in the inbox and by SMS; a card number that is no card hears nothing. */
  const notifyOwner = async (cardNo: string) => {
    if (!(await findCardHolder(db.kysely, cardNo))) return;
    const notice = {
      cardNo,
      title: '账号安全提醒',
      body: `您的账号在一小时内登录失败已达 ${CARD_LOGIN_RULES.accountPerHour} 次。如非本人操作，请尽快修改密码；在您登录过的设备上仍可正常登录。`,
      recordId: null,
    };
    const lines = await db.writeTransaction((trx) => writeNotices(trx, [notice], now().toISOString()));
    await sendSms(sender, lines, log);
  };
  return {
    ...context,
    tokens: context.cardTokens,
    limiter,
    cardLogins: createLoginGuard(limiter, CARD_LOGIN_RULES, now, log, {
      devices: createKnownDevices('card', loadKey, cookiePolicy(config.publicUrl)),
      notifyOwner,
    }),
    keys: await loadCardKeyPair(config.dataDir, config.cardPrivateKey),
    smsCodes: createSmsCodes(db, now, await loadKey()),
    smsSender: sender,
    captcha: gate,
    breaker,
  };
};
