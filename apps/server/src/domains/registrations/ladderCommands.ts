import {
  AWARD_LABELS,
  type CarryBody,
  EVENT_LEVELS,
  EVENT_TYPE_LABELS,
  type EventLevel,
  type EventType,
  type LadderTeam,
  type TeamDetail,
} from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { isLadderAward, LADDER_REFUSALS, nextLevelOf } from './ladderPolicy';
import { carriableTeams, findLadderSource, findLadderTarget, shownEventsAtLevels } from './ladderRepository';
import { REGISTRATION_REFUSALS, windowOpen } from './policy';
import type { Registrant } from './teamCommands';
import { cardsTakenInItem, institutionPupils, membersOfTeam, replaceMembers } from './teamMemberRepository';
import { carriedTeamIn, insertDraftTeam, lockTeam, teamNamed, teamsCarriedFrom } from './teamRepository';
import { ownTeamDetail } from './teamView';

const TOP_LEVEL: EventLevel = EVENT_LEVELS[EVENT_LEVELS.length - 1] ?? '国家级';

/**
 * 晋级报名's list: the institution's teams that may be carried (results final, 一、二、三等奖), each with the
 * events it may be carried into now (one level up, same type, open on the server's clock, an item of the same
 * name) and, per event, the team already carried there.
 */
export const ladderTeams = async (
  db: Kysely<Database>,
  institutionId: number,
  page: Page,
  now: Date,
): Promise<{ list: LadderTeam[]; total: number }> => {
  const { rows, total } = await carriableTeams(db, institutionId, TOP_LEVEL, page);
  const levels = [...new Set(rows.flatMap((row) => nextLevelOf(row.level) ?? []))];
  const [events, carried] = await Promise.all([
    shownEventsAtLevels(db, levels),
    teamsCarriedFrom(
      db,
      institutionId,
      rows.map((row) => Number(row.id)),
    ),
  ]);
  const open = events.filter((event) => windowOpen(event, now));
  const list = rows.flatMap((row): LadderTeam[] => {
    const award = row.award;
    if (!isLadderAward(award)) return [];
    const teamId = Number(row.id);
    const targets = open.flatMap((event) => {
      const item = event.items.find((entry) => entry.name === row.itemName);
      if (!item || event.level !== nextLevelOf(row.level) || event.type !== row.type) return [];
      const carriedTeam = carried.find((entry) => entry.sourceTeamId === teamId && entry.eventId === event.id);
      return [
        {
          id: event.id,
          name: event.name,
          level: event.level as EventLevel,
          registrationCloses: event.registrationCloses,
          itemId: item.id,
          carriedTeamId: carriedTeam?.id ?? null,
        },
      ];
    });
    return [
      {
        teamId,
        teamName: row.name,
        memberCount: Number(row.memberCount ?? 0),
        eventId: Number(row.eventId),
        eventName: row.eventName,
        type: row.type as EventType,
        level: row.level as EventLevel,
        itemName: row.itemName,
        award,
        awardLabel: AWARD_LABELS[award],
        targets,
      },
    ];
  });
  return { list, total };
};

type Source = NonNullable<Awaited<ReturnType<typeof findLadderSource>>>;

/**
 * Everything a carry is refused for, in the order a school would fix them, read in the carry's transaction:
 * the source team (the institution's own, final, awarded), the target (one level up, same type, the same-named
 * item, open now), no team already carried there, members still the institution's, the target item's team
 * size, no member in another team of the target item, no team of the name there. Returns the target item.
 */
const checkCarry = async (trx: Kysely<Database>, institutionId: number, source: Source, eventId: number, now: Date) => {
  if (source.resultsFinalTime === null) throw new ApiError(409, LADDER_REFUSALS.notFinal);
  if (!isLadderAward(source.award)) throw new ApiError(409, LADDER_REFUSALS.noAward);
  const level = nextLevelOf(source.level);
  if (level === null) throw badRequest(LADDER_REFUSALS.topLevel);
  const target = await findLadderTarget(trx, eventId);
  const item = target?.items.find((entry) => entry.name === source.itemName);
  if (!target || !item || Number(target.visible) !== 1 || target.level !== level || target.type !== source.type) {
    const typeLabel = EVENT_TYPE_LABELS[source.type as EventType] ?? source.type;
    throw badRequest(LADDER_REFUSALS.notNextLevel(level, typeLabel, source.itemName));
  }
  const at = now.getTime();
  if (at < Date.parse(target.registrationOpens)) {
    throw new ApiError(409, LADDER_REFUSALS.notOpen(target.registrationOpens));
  }
  if (at >= Date.parse(target.registrationCloses)) {
    throw new ApiError(409, LADDER_REFUSALS.closed(target.registrationCloses));
  }
  const already = await carriedTeamIn(trx, Number(source.id), eventId);
  if (already) throw new ApiError(409, LADDER_REFUSALS.alreadyCarried(already.name));

  const members = await membersOfTeam(trx, Number(source.id));
  const cardNos = members.map((member) => member.cardNo);
  const pupils = await institutionPupils(trx, institutionId, cardNos);
  const gone = members.filter((member) => !pupils.has(member.cardNo));
  if (gone.length > 0) throw badRequest(LADDER_REFUSALS.notMember(gone));
  const [min, max] = [Number(item.minMembers), Number(item.maxMembers)];
  if (members.length < min || members.length > max) {
    throw badRequest(LADDER_REFUSALS.teamSize(item.name, min, max, members.length));
  }
  const taken = await cardsTakenInItem(trx, Number(item.id), cardNos, 0);
  const first = members.find((member) => taken.some((row) => row.cardNo === member.cardNo));
  if (first) {
    const holder = taken.find((row) => row.cardNo === first.cardNo);
    // Another institution's team is named by nobody: whose it is stays theirs.
    const teamName = Number(holder?.institutionId) === institutionId ? (holder?.teamName ?? null) : null;
    throw new ApiError(409, REGISTRATION_REFUSALS.memberTaken(first.name, first.cardNo, teamName));
  }
  if (await teamNamed(trx, Number(item.id), institutionId, source.name)) {
    throw new ApiError(409, REGISTRATION_REFUSALS.nameTaken(source.name));
  }
  return { item, cardNos };
};

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/**
 * Carries the institution's awarded team into a next-level event (晋级报名): a draft of the same name, coach and
 * members (in their order) in the event's same-named item, remembering where it came from; no attachment is
 * copied. The school checks it in the team editor and submits it as any other team. Two carries at once take
 * turns on the source team's row (PostgreSQL) or the write lock (SQLite), and the second finds the first's
 * team; a carry racing another school's registration for the same pupil loses to the unique index on (item,
 * card), and is then told why by the same checks, read again.
 */
export const carryTeam = async (
  db: Db,
  registrant: Registrant,
  sourceId: number,
  body: CarryBody,
  now: Date,
): Promise<TeamDetail> => {
  const { institutionId } = registrant;
  const carry = () =>
    db.writeTransaction(async (trx, locks) => {
      const locked = await lockTeam(trx, locks, sourceId);
      const source = locked ? await findLadderSource(trx, sourceId) : undefined;
      if (!source || Number(source.institutionId) !== institutionId) {
        throw notFound(REGISTRATION_REFUSALS.teamNotFound);
      }
      const { item, cardNos } = await checkCarry(trx, institutionId, source, body.eventId, now);
      const at = now.toISOString();
      const teamId = await insertDraftTeam(trx, {
        eventId: body.eventId,
        itemId: Number(item.id),
        institutionId,
        name: source.name,
        coach: source.coach,
        createdBy: registrant.cardNo,
        at,
        carriedFromTeamId: sourceId,
      });
      await replaceMembers(trx, teamId, Number(item.id), cardNos);
      await recordCardAudit(trx, {
        cardNo: registrant.cardNo,
        action: 'carry',
        targetType: 'matchTeam',
        targetId: teamId,
        detail: {
          institutionId,
          eventId: body.eventId,
          itemId: Number(item.id),
          from: {
            teamId: sourceId,
            eventId: Number(source.eventId),
            itemId: Number(source.itemId),
            award: source.award,
          },
          to: { teamId, eventId: body.eventId, itemId: Number(item.id) },
          name: source.name,
          coach: source.coach,
          members: cardNos,
          result: 'ok',
        },
        at: now,
      });
      return teamId;
    });
  let teamId: number;
  try {
    teamId = await carry();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // What beat this carry has committed by now: the checks, run again, name it (they refuse, or there was
    // nothing to name and the pupils were taken and freed again in between).
    const source = await findLadderSource(db.kysely, sourceId);
    if (source) await checkCarry(db.kysely, institutionId, source, body.eventId, now);
    throw new ApiError(409, REGISTRATION_REFUSALS.memberRace);
  }
  return ownTeamDetail(db.kysely, institutionId, teamId, now);
};
