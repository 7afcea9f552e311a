import type { MatchObjection, PublicObjection } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { beijingDate, RESULT_REFUSALS as REFUSALS } from './policy';
import type { Organiser } from './resultCommands';
import { objectionDeadlineOf } from './resultCommands';
import {
  findObjectionView,
  findResultEvent,
  hasEnteredTeam,
  listObjections,
  lockObjection,
  lockResultEvent,
  type ObjectionView,
  pendingObjection,
} from './resultRepository';

/** What the public list shows of an objection: never who objected, nor why. */
export const publicObjectionOf = (row: ObjectionView): PublicObjection => ({
  id: Number(row.id),
  teamName: row.teamName,
  itemName: row.itemName,
  receivedDate: beijingDate(row.receivedTime),
  answeredDate: row.answeredTime === null ? null : beijingDate(row.answeredTime),
  answer: row.answer,
});

const objectionOf = (row: ObjectionView): MatchObjection => ({
  ...publicObjectionOf(row),
  eventId: Number(row.eventId),
  eventName: row.eventName,
  institutionName: row.institutionName,
  reason: row.reason,
  receivedTime: row.receivedTime,
  answeredTime: row.answeredTime,
});

const objectionById = async (db: Kysely<Database>, id: number) => {
  const row = await findObjectionView(db, id);
  if (!row) throw notFound(REFUSALS.objectionNotFound);
  return objectionOf(row);
};

/**
 * An institution objects to a team's published result: any admitted team of a shown event, by an institution
 * that handed in a team of that event, within the objection period on the server's clock. One unanswered
 * objection per institution and team; the event row is locked, so two objections at once take turns.
 */
export const objectToResult = async (
  db: Db,
  actor: Organiser,
  body: { teamId: number; reason: string },
  now: Date,
): Promise<MatchObjection> => {
  const id = await db.writeTransaction(async (trx, locks) => {
    const team = await trx
      .selectFrom('matchTeam')
      .select(['id', 'eventId', 'state'])
      .where('id', '=', body.teamId)
      .executeTakeFirst();
    if (team?.state !== 'approved') throw notFound(REFUSALS.teamNotFound);
    const eventId = Number(team.eventId);
    const event = await lockResultEvent(trx, locks, eventId);
    if (!event || Number(event.visible) !== 1) throw notFound(REFUSALS.teamNotFound);
    if (!(await hasEnteredTeam(trx, eventId, actor.institutionId))) throw forbidden(REFUSALS.noTeamInEvent);
    const deadline = objectionDeadlineOf(event);
    if (deadline === null) throw new ApiError(409, REFUSALS.notPublished);
    if (now.getTime() >= Date.parse(deadline)) throw new ApiError(409, REFUSALS.objectionClosed(deadline));
    if (await pendingObjection(trx, body.teamId, actor.institutionId))
      throw new ApiError(409, REFUSALS.objectionPending);
    const at = now.toISOString();
    const row = await trx
      .insertInto('matchObjection')
      .values({
        eventId,
        teamId: body.teamId,
        institutionId: actor.institutionId,
        reason: body.reason,
        createdBy: actor.cardNo,
        receivedTime: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCardAudit(trx, {
      cardNo: actor.cardNo,
      action: 'object',
      targetType: 'matchObjection',
      targetId: Number(row.id),
      detail: { institutionId: actor.institutionId, eventId, teamId: body.teamId, reason: body.reason, result: 'ok' },
      at: now,
    });
    return Number(row.id);
  });
  return objectionById(db.kysely, id);
};

/** The organiser answers an objection to its event's results once; also after the objection period. */
export const answerObjection = async (
  db: Db,
  organiser: Organiser,
  id: number,
  answer: string,
  now: Date,
): Promise<MatchObjection> => {
  await db.writeTransaction(async (trx, locks) => {
    const objection = await lockObjection(trx, locks, id);
    const event = objection ? await findResultEvent(trx, Number(objection.eventId)) : undefined;
    if (!objection || !event || Number(event.organizerId) !== organiser.institutionId) {
      throw notFound(REFUSALS.objectionNotFound);
    }
    if (objection.answeredTime !== null) throw new ApiError(409, REFUSALS.answeredTwice);
    await trx
      .updateTable('matchObjection')
      .set({ answer, answeredTime: now.toISOString(), answeredBy: organiser.cardNo })
      .where('id', '=', id)
      .execute();
    await recordCardAudit(trx, {
      cardNo: organiser.cardNo,
      action: 'answer',
      targetType: 'matchObjection',
      targetId: id,
      detail: { organizerId: organiser.institutionId, eventId: Number(objection.eventId), answer, result: 'ok' },
      at: now,
    });
  });
  return objectionById(db.kysely, id);
};

/** The objections to an event's results, for its organiser; another's event is not found. */
export const organiserObjections = async (db: Kysely<Database>, organiser: Organiser, eventId: number, page: Page) => {
  const event = await findResultEvent(db, eventId);
  if (!event || Number(event.organizerId) !== organiser.institutionId) throw notFound(REFUSALS.eventNotFound);
  const { rows, total } = await listObjections(db, { eventId }, page);
  return { list: rows.map(objectionOf), total };
};

/** The objections the institution raised, with their answers. */
export const ownObjections = async (
  db: Kysely<Database>,
  institutionId: number,
  eventId: number | undefined,
  page: Page,
) => {
  const { rows, total } = await listObjections(db, { institutionId, eventId }, page);
  return { list: rows.map(objectionOf), total };
};
