import { LADDER_AWARDS } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { itemsOfEvents } from '../events/eventItemRepository';

/**
 * The ladder's reads (晋级): which of an institution's teams may be carried up a level, and which events they may
 * be carried into. The writes are the registration's own (a team and its members, in teamRepository and
 * teamMemberRepository); results and events are only read here.
 */

/** A team as the ladder judges it: its event's level, type and final time, its item's name, its award. */
const ladderSources = (db: Kysely<Database>) =>
  db
    .selectFrom('matchTeam as t')
    .innerJoin('matchEvent as e', 'e.id', 't.eventId')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .leftJoin('matchResult as r', 'r.teamId', 't.id')
    .select((eb) => [
      't.id',
      't.institutionId',
      't.name',
      't.coach',
      't.eventId',
      't.itemId',
      'e.name as eventName',
      'e.level',
      'e.type',
      'e.resultsFinalTime',
      'i.name as itemName',
      'r.award',
      eb
        .selectFrom('matchTeamMember as m')
        .select((count) => count.fn.countAll<string | number>().as('n'))
        .whereRef('m.teamId', '=', 't.id')
        .as('memberCount'),
    ]);

/** One team as the ladder judges it (any institution's: the caller checks whose it is). */
export const findLadderSource = (db: Kysely<Database>, teamId: number) =>
  ladderSources(db).where('t.id', '=', teamId).executeTakeFirst();

/**
 * One page of the institution's teams that may be carried: results final, award 一、二、三等奖, and a level with
 * one above it; the most recently final first.
 */
export const carriableTeams = async (db: Kysely<Database>, institutionId: number, topLevel: string, page: Page) => {
  const carriable = ladderSources(db)
    .where('t.institutionId', '=', institutionId)
    .where('e.resultsFinalTime', 'is not', null)
    .where('r.award', 'in', [...LADDER_AWARDS])
    .where('e.level', '!=', topLevel);
  const [rows, total] = await Promise.all([
    carriable
      .orderBy('e.resultsFinalTime', 'desc')
      .orderBy('t.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    carriable
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

/** An event a team could be carried into, with its items: read for a carry, inside its transaction. */
export const findLadderTarget = async (db: Kysely<Database>, eventId: number) => {
  const event = await db
    .selectFrom('matchEvent')
    .select(['id', 'name', 'level', 'type', 'visible', 'registrationOpens', 'registrationCloses'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) return null;
  const items = await db.selectFrom('matchEventItem').selectAll().where('eventId', '=', eventId).execute();
  return { ...event, items };
};

/**
 * The shown events at these levels, with their items, for the ladder's list: the caller keeps those whose window
 * is open on the server's clock (the events number in the hundreds at most, as on the public list).
 */
export const shownEventsAtLevels = async (db: Kysely<Database>, levels: string[]) => {
  if (levels.length === 0) return [];
  const events = await db
    .selectFrom('matchEvent')
    .select(['id', 'name', 'level', 'type', 'visible', 'registrationOpens', 'registrationCloses'])
    .where('visible', '=', 1)
    .where('level', 'in', levels)
    .orderBy('registrationCloses')
    .orderBy('id')
    .execute();
  const items = await itemsOfEvents(
    db,
    events.map((event) => Number(event.id)),
  );
  return events.map((event) => ({ ...event, id: Number(event.id), items: items.get(Number(event.id)) ?? [] }));
};
