import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../http/apiError';
import { type ActivationCodeHasher, issueActivationCodes } from '../activation/activationCodes';
import { recordCardAudit } from '../audit/auditRepository';
import { findMember, removeMember } from './memberRepository';
import type { InstitutionActor } from './rosterCommands';

export const NOT_A_MEMBER = '本机构没有这张卡';

/** A new code for one card of the institution that is not yet activated; its earlier code dies. */
export const reissueCode = async (
  db: Db,
  hashOf: ActivationCodeHasher,
  actor: InstitutionActor,
  cardNo: string,
  now: Date,
) =>
  db.writeTransaction(async (trx) => {
    const member = await findMember(trx, actor.institutionId, cardNo);
    if (!member) throw notFound(NOT_A_MEMBER);
    if (member.activationState !== 'pending') throw badRequest('该卡已激活，无需激活码');
    const issued = (await issueActivationCodes(trx, hashOf, [cardNo], now)).get(cardNo);
    if (!issued) throw new Error('no code was issued');
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'code-issue',
      targetType: 'cardHolder',
      targetId: cardNo,
      detail: { institutionId: actor.institutionId, result: 'ok' },
      at: now,
    });
    return { cardNo, name: member.name, code: issued.code, expiresTime: issued.expiresTime };
  });

/** Ends the card's link with the institution; the card and its records stay with the holder. */
export const unlinkMember = async (db: Db, actor: InstitutionActor, cardNo: string, now: Date) =>
  db.writeTransaction(async (trx) => {
    const member = await findMember(trx, actor.institutionId, cardNo);
    if (!member) throw notFound(NOT_A_MEMBER);
    await removeMember(trx, actor.institutionId, cardNo);
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'unlink',
      targetType: 'cardHolder',
      targetId: cardNo,
      detail: { institutionId: actor.institutionId, how: member.how, result: 'ok' },
      at: now,
    });
    return {};
  });
