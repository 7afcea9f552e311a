import { api } from '@lianmeng/core';
import { matchSsoReturn } from '@lianmeng/core/session';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { randomToken, sha256 } from '../../security/tokens';
import { recordCardAudit } from '../audit/auditRepository';
import { allowedCard } from './allowedCard';
import type { CardHoldersContext } from './cardHoldersContext';
import { insertSsoCode, sweepSsoCodes } from './ssoCodeRepository';

/** How long a partner has to exchange a code: its server does so as soon as the browser arrives. */
export const SSO_CODE_VALID_MS = 60 * 1000;

export const SSO_RETURN_REFUSED = '单点登录返回地址不在允许范围内';

/**
 * `POST /api/uc/sso/code`: the logged-in holder sends the browser back to a partner. The return address must
 * lie under one of the allowed prefixes; it gets a fresh code (256 random bits, for 60 s, one exchange, bound
 * to that prefix) as `token`, with the card number, the partner's `source` and its `state` exactly as sent.
 * The session token never leaves this site.
 */
export const registerSsoCode = (app: FastifyInstance, { db, config, now }: CardHoldersContext) =>
  defineRoute(app, api.uc.ssoCode, async ({ body, request }) => {
    const match = matchSsoReturn(body.ssoReturn, config.ssoReturnOrigins);
    if (!match) {
      request.log.warn({ ssoReturn: body.ssoReturn.slice(0, 200) }, 'single sign-on return address refused');
      throw badRequest(SSO_RETURN_REFUSED);
    }
    const holder = await allowedCard(db.kysely, request.cardHolder, undefined);
    const code = randomToken();
    const current = now();
    await db.writeTransaction(async (trx) => {
      await sweepSsoCodes(trx, current.toISOString());
      await insertSsoCode(trx, {
        // Only its hash is stored, so a copy of the table gives no live code away.
        codeHash: sha256(code),
        cardNo: holder.cardNo,
        returnPrefix: match.prefix,
        createTime: current.toISOString(),
        expiresTime: new Date(current.getTime() + SSO_CODE_VALID_MS).toISOString(),
      });
      await recordCardAudit(trx, {
        cardNo: holder.cardNo,
        action: 'sso-issue',
        targetType: 'sso',
        targetId: match.prefix,
        detail: { partner: match.url.origin },
        at: current,
      });
    });
    const { url } = match;
    url.searchParams.set('token', code);
    url.searchParams.set('cardNo', holder.cardNo);
    if (body.source !== undefined) url.searchParams.set('source', body.source);
    if (body.state !== undefined) url.searchParams.set('state', body.state);
    return { url: url.toString() };
  });
