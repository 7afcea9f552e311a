import type { Award, OrganiserResults, ResultEntry } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { objectionEnds } from '../events/policy';
import { awardLabel, RESULT_REFUSALS as REFUSALS } from './policy';
import {
  admittedTeamsOf,
  countResults,
  findResultEvent,
  lockResultEvent,
  type ResultEvent,
  setPublished,
  teamsOfIds,
  writeResults,
} from './resultRepository';

/** The organising institution's account, acting for its institution. */
export interface Organiser {
  cardNo: string;
  institutionId: number;
}

const clockOf = (event: ResultEvent) => ({ ...event, objectionDays: Number(event.objectionDays) });

/** The instant the event's objection period ends, once its results are published. */
export const objectionDeadlineOf = (event: ResultEvent) => {
  const ends = objectionEnds(clockOf(event));
  return ends === null ? null : new Date(ends).toISOString();
};

/** An event the organiser may enter results for: its own; any other is not found. */
export const assertOrganises = (event: ResultEvent | undefined, organiser: Organiser): ResultEvent => {
  if (!event || Number(event.organizerId) !== organiser.institutionId) throw notFound(REFUSALS.eventNotFound);
  return event;
};

/** Results may change only after the registration window has closed, on the server's clock, and before publication. */
export const assertChangeable = (event: ResultEvent, now: Date) => {
  if (event.resultsPublishedTime !== null) throw new ApiError(409, REFUSALS.published);
  if (now.getTime() < Date.parse(event.registrationCloses)) {
    throw new ApiError(409, REFUSALS.notClosed(event.registrationCloses));
  }
};

/** The event's admitted teams and their results, as the organiser enters them. */
export const organiserResults = async (
  db: Kysely<Database>,
  organiser: Organiser,
  eventId: number,
  now: Date,
): Promise<OrganiserResults> => {
  const event = assertOrganises(await findResultEvent(db, eventId), organiser);
  const teams = await admittedTeamsOf(db, eventId);
  const entered = teams.some((team) => team.rank !== null || team.award !== null);
  const reason =
    event.resultsPublishedTime !== null
      ? REFUSALS.publishedTwice
      : now.getTime() < Date.parse(event.registrationCloses)
        ? REFUSALS.notClosed(event.registrationCloses)
        : entered
          ? ''
          : REFUSALS.nothingToPublish;
  return {
    eventId: Number(event.id),
    eventName: event.name,
    publishedTime: event.resultsPublishedTime,
    objectionDeadline: objectionDeadlineOf(event),
    finalTime: event.resultsFinalTime,
    serverTime: now.toISOString(),
    publishable: reason === '',
    notPublishableReason: reason,
    rows: teams.map((team) => ({
      teamId: team.teamId,
      itemId: team.itemId,
      itemName: team.itemName,
      teamName: team.teamName,
      institutionName: team.institutionName,
      members: team.members,
      rank: team.rank,
      award: team.award as Award | null,
      awardLabel: awardLabel(team.award),
    })),
  };
};

/**
 * Refuses entries that cannot all be written: a team twice, a team that is not one of the event's admitted
 * teams, or a rank that another team of the item holds once these entries are in (whether entered now or
 * before). Returns each entry with its team's item.
 */
const checkEntries = async (trx: Kysely<Database>, eventId: number, entries: ResultEntry[]) => {
  const seen = new Set<number>();
  for (const entry of entries) {
    if (seen.has(entry.teamId)) throw badRequest(REFUSALS.teamTwice(entry.teamId));
    seen.add(entry.teamId);
  }
  const teams = new Map((await teamsOfIds(trx, [...seen])).map((team) => [Number(team.id), team]));
  const checked = entries.map((entry) => {
    const team = teams.get(entry.teamId);
    if (!team || Number(team.eventId) !== eventId || team.state !== 'approved') {
      throw badRequest(REFUSALS.teamNotAdmitted(entry.teamId));
    }
    return { ...entry, itemId: Number(team.itemId) };
  });
  // The item's ranks as they will stand: the results kept, with these entries in place of their teams' own.
  const admitted = await admittedTeamsOf(trx, eventId);
  const byTeam = new Map(checked.map((entry) => [entry.teamId, entry]));
  const taken = new Set<string>();
  for (const team of admitted) {
    const rank = byTeam.has(team.teamId) ? (byTeam.get(team.teamId)?.rank ?? null) : team.rank;
    if (rank === null) continue;
    const key = `${team.itemId}:${rank}`;
    if (taken.has(key)) throw badRequest(REFUSALS.rankTaken(team.itemName, rank));
    taken.add(key);
  }
  return checked;
};

/**
 * Saves results of the organiser's event, by hand or from a spreadsheet: all entries or none. Only after the
 * registration window has closed and before publication; the event row is locked, so a save and a publish
 * take turns. A rank and an award both null clears the team's result.
 */
export const saveResults = async (
  db: Db,
  organiser: Organiser,
  eventId: number,
  entries: ResultEntry[],
  now: Date,
  source: 'hand' | 'import',
): Promise<OrganiserResults> => {
  await db.writeTransaction(async (trx, locks) => {
    const event = assertOrganises(await lockResultEvent(trx, locks, eventId), organiser);
    assertChangeable(event, now);
    const checked = await checkEntries(trx, eventId, entries);
    await writeResults(trx, eventId, checked, organiser.cardNo, now.toISOString());
    await recordCardAudit(trx, {
      cardNo: organiser.cardNo,
      action: source === 'import' ? 'import' : 'update',
      targetType: 'matchResult',
      targetId: eventId,
      detail: {
        organizerId: organiser.institutionId,
        eventId,
        source,
        entries: checked.map(({ teamId, rank, award }) => ({ teamId, rank, award })),
        result: 'ok',
      },
      at: now,
    });
  });
  return organiserResults(db.kysely, organiser, eventId, now);
};

/**
 * Publishes the event's results once: after the registration window has closed, with at least one rank or
 * award. The event row is locked, so of two publications at once the second finds it published (409).
 * Setting the publication time starts the objection period and flips the public phase.
 */
export const publishResults = async (
  db: Db,
  organiser: Organiser,
  eventId: number,
  now: Date,
): Promise<OrganiserResults> => {
  await db.writeTransaction(async (trx, locks) => {
    const event = assertOrganises(await lockResultEvent(trx, locks, eventId), organiser);
    if (event.resultsPublishedTime !== null) throw new ApiError(409, REFUSALS.publishedTwice);
    assertChangeable(event, now);
    const count = await countResults(trx, eventId);
    if (count === 0) throw new ApiError(409, REFUSALS.nothingToPublish);
    await setPublished(trx, eventId, now.toISOString());
    await recordCardAudit(trx, {
      cardNo: organiser.cardNo,
      action: 'publish',
      targetType: 'matchResult',
      targetId: eventId,
      detail: { organizerId: organiser.institutionId, eventId, results: count, result: 'ok' },
      at: now,
    });
  });
  return organiserResults(db.kysely, organiser, eventId, now);
};
