import type { PublicResults } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/apiError';
import { publicObjectionOf } from './objectionCommands';
import { awardLabel, awardOrder, RESULT_REFUSALS as REFUSALS } from './policy';
import { objectionDeadlineOf } from './resultCommands';
import { admittedTeamsOf, findResultEvent, objectionsOfEvent } from './resultRepository';

/**
 * The 公示 of a shown event: nothing before publication; after it, every team with a rank or award, by item,
 * rank (unranked last) and award, members' names masked, and the objections with their dates and answers
 * but never who objected or why.
 */
export const publicResultsOf = async (db: Kysely<Database>, eventId: number, now: Date): Promise<PublicResults> => {
  const event = await findResultEvent(db, eventId);
  if (!event || Number(event.visible) !== 1) throw notFound(REFUSALS.eventNotFound);
  const serverTime = now.toISOString();
  if (event.resultsPublishedTime === null) {
    return { publishedTime: null, objectionDeadline: null, finalTime: null, serverTime, results: [], objections: [] };
  }
  const [teams, objections] = await Promise.all([admittedTeamsOf(db, eventId), objectionsOfEvent(db, eventId)]);
  const results = teams
    .filter((team) => team.rank !== null || team.award !== null)
    .sort(
      (a, b) =>
        a.itemPosition - b.itemPosition ||
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        awardOrder(a.award) - awardOrder(b.award) ||
        a.teamId - b.teamId,
    );
  return {
    publishedTime: event.resultsPublishedTime,
    objectionDeadline: objectionDeadlineOf(event),
    finalTime: event.resultsFinalTime,
    serverTime,
    results: results.map((team) => ({
      teamId: team.teamId,
      itemName: team.itemName,
      rank: team.rank,
      awardLabel: awardLabel(team.award),
      teamName: team.teamName,
      institutionName: team.institutionName,
      members: team.members,
    })),
    objections: objections.map(publicObjectionOf),
  };
};
