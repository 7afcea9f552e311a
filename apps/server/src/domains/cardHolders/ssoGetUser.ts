import { api } from '@lianmeng/core';
import { matchSsoReturn } from '@lianmeng/core/session';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { sha256 } from '../../security/tokens';
import { recordCardAudit } from '../audit/auditRepository';
import { findCardHolder } from './cardHolderRepository';
import type { CardHoldersContext } from './cardHoldersContext';
import { takeSsoCode } from './ssoCodeRepository';

const SSO_CODE_REFUSED = '授权码无效、已使用或已过期';

/**
 * Single sign-on, server to server: a partner exchanges the code its return address received (in the
 * `Authorization` header, as the spec has the token) for who signed in: card number, name and school, no
 * phone number, no roles. The code is taken on the first exchange whatever its outcome, must be within its
 * minute, and must come with a return address under the prefix it was issued for, so a code that leaked to
 * another partner (or to the same partner's other pages) is worth nothing. A session token is not a code.
 */
export const registerSsoGetUser = (app: FastifyInstance, { db, config, now }: CardHoldersContext) =>
  defineRoute(app, api.sso.getUser, async ({ body, request }) => {
    const code = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!code) throw unauthorized(SSO_CODE_REFUSED);
    const current = now();
    const result = await db.writeTransaction(async (trx) => {
      const row = await takeSsoCode(trx, sha256(code));
      if (!row) return null;
      const match = matchSsoReturn(body.ssoReturn, config.ssoReturnOrigins);
      const valid = row.expiresTime > current.toISOString() && match?.prefix === row.returnPrefix;
      await recordCardAudit(trx, {
        cardNo: row.cardNo,
        action: 'sso-redeem',
        targetType: 'sso',
        targetId: row.returnPrefix,
        detail: { result: valid ? 'accepted' : 'refused' },
        at: current,
      });
      return valid ? row : null;
    });
    if (!result) {
      request.log.info('single sign-on code refused');
      throw unauthorized(SSO_CODE_REFUSED);
    }
    const holder = await findCardHolder(db.kysely, result.cardNo);
    if (!holder) throw unauthorized(SSO_CODE_REFUSED);
    return { cardNo: holder.cardNo, name: holder.name, school: holder.school };
  });
