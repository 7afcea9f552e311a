import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { CardRoleGuard } from '../../http/access';
import { forbidden, unauthorized } from '../../http/apiError';

export const ROLE_REFUSED = '您的账号没有此权限';

/** What a card account with a role acts for: its card, and for an institution account its institution. */
export interface CardActor {
  cardNo: string;
  institutionId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    cardActor: CardActor | null;
  }
}

/** The institution an institution call acts for, set by the role check; never taken from the request. */
export const actingInstitution = (request: FastifyRequest): { cardNo: string; institutionId: number } => {
  const actor = request.cardActor;
  if (!actor || actor.institutionId === null) throw forbidden(ROLE_REFUSED);
  return { cardNo: actor.cardNo, institutionId: actor.institutionId };
};

/**
 * Reads the role from the card the token was issued for (after a phone log-in, the card chosen then): an
 * institution account must be bound to an institution that is not disabled, and a pending card holds no role.
 */
export const createCardRoles = (db: Db): CardRoleGuard => ({
  async require(request, role) {
    const identity = request.cardHolder;
    if (!identity) throw unauthorized();
    const row = await db.kysely
      .selectFrom('cardHolder')
      .leftJoin('institution', 'institution.id', 'cardHolder.institutionId')
      .select([
        'cardHolder.cardNo',
        'cardHolder.operator',
        'cardHolder.institution',
        'cardHolder.institutionId',
        'cardHolder.activationState',
        'institution.status as institutionStatus',
      ])
      .where('cardHolder.cardNo', '=', identity.cardNo)
      .executeTakeFirst();
    if (row?.activationState !== 'active') throw forbidden(ROLE_REFUSED);
    if (role === 'operator' && row.operator !== 1) throw forbidden(ROLE_REFUSED);
    if (
      role === 'institution' &&
      (row.institution !== 1 || row.institutionId === null || row.institutionStatus !== 'active')
    ) {
      throw forbidden(ROLE_REFUSED);
    }
    request.cardActor = { cardNo: row.cardNo, institutionId: role === 'institution' ? row.institutionId : null };
  },
});
