import {
  AWARD_LABELS,
  type Award,
  TEAM_FILE_KINDS,
  TEAM_STATE_LABELS,
  type TeamState,
  type TeamSummary,
} from '@lianmeng/core';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { WriteLocks } from '../../db/database';
import type { Page } from '../../db/listPage';
import type { Database, MatchTeamTable } from '../../db/schema';
import { missingOf, teamEditable } from './policy';

/**
 * A team with what its summary shows beside it: its event's window, its item's rules, its institution's name,
 * and for a team carried up a level (晋级) the team, event and award it came from.
 */
const teamsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom('matchTeam as t')
    .innerJoin('matchEvent as e', 'e.id', 't.eventId')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .innerJoin('institution as s', 's.id', 't.institutionId')
    .leftJoin('matchTeam as src', 'src.id', 't.carriedFromTeamId')
    .leftJoin('matchEvent as srcEvent', 'srcEvent.id', 'src.eventId')
    .leftJoin('matchResult as srcResult', 'srcResult.teamId', 'src.id')
    .selectAll('t')
    .select((eb) => [
      'e.name as eventName',
      'e.visible',
      'e.registrationOpens',
      'e.registrationCloses',
      'e.organizerId',
      'i.name as itemName',
      'i.minMembers',
      'i.maxMembers',
      'i.needsReport',
      'i.needsPhotos',
      'i.needsVideo',
      's.name as institutionName',
      'src.name as carriedFromTeamName',
      'srcEvent.name as carriedFromEventName',
      'srcResult.award as carriedFromAward',
      eb
        .selectFrom('matchTeamMember as m')
        .select((count) => count.fn.countAll<string | number>().as('n'))
        .whereRef('m.teamId', '=', 't.id')
        .as('memberCount'),
      ...TEAM_FILE_KINDS.map((kind) =>
        eb
          .selectFrom('matchTeamFile as f')
          .select((count) => count.fn.countAll<string | number>().as('n'))
          .whereRef('f.teamId', '=', 't.id')
          .where('f.kind', '=', kind)
          .as(`${kind}Count`),
      ),
    ]);

export type TeamView = NonNullable<Awaited<ReturnType<ReturnType<typeof teamsWithNames>['executeTakeFirst']>>>;

export const toTeamSummary = (row: TeamView, now: Date): TeamSummary => {
  const state = row.state as TeamState;
  return {
    id: Number(row.id),
    eventId: Number(row.eventId),
    eventName: row.eventName,
    itemId: Number(row.itemId),
    itemName: row.itemName,
    institutionId: Number(row.institutionId),
    institutionName: row.institutionName,
    name: row.name,
    coach: row.coach,
    state,
    stateLabel: TEAM_STATE_LABELS[state] ?? row.state,
    memberCount: Number(row.memberCount ?? 0),
    missing: missingOf(row, Number(row.memberCount ?? 0), {
      report: Number(row.reportCount ?? 0),
      photo: Number(row.photoCount ?? 0),
      video: Number(row.videoCount ?? 0),
    }),
    returnReason: row.returnReason,
    submittedTime: row.submittedTime,
    reviewedTime: row.reviewedTime,
    updateTime: row.updateTime,
    editable: teamEditable(row, now),
    carriedFrom:
      row.carriedFromTeamId === null
        ? null
        : {
            eventName: row.carriedFromEventName ?? '',
            teamName: row.carriedFromTeamName ?? '',
            awardLabel: AWARD_LABELS[row.carriedFromAward as Award] ?? '',
          },
  };
};

export const findTeamView = (db: Kysely<Database>, id: number) =>
  teamsWithNames(db).where('t.id', '=', id).executeTakeFirst();

/** The team row, locked until the transaction ends, so two changes to one team take turns. */
export const lockTeam = (trx: Kysely<Database>, locks: WriteLocks, id: number) =>
  locks.forUpdate(trx.selectFrom('matchTeam').selectAll().where('id', '=', id)).executeTakeFirst();

export type TeamRow = NonNullable<Awaited<ReturnType<typeof lockTeam>>>;

export interface TeamFilter {
  institutionId?: number;
  eventId?: number;
  /** Reviewers never see drafts. */
  withoutDrafts?: boolean;
  state?: TeamState;
}

/** One page of teams, each with its summary's names: newest first for the institution, oldest submit first for review. */
export const listTeamSummaries = async (
  db: Kysely<Database>,
  filter: TeamFilter,
  page: Page,
  order: 'newest' | 'queue',
  now: Date,
) => {
  let query = teamsWithNames(db);
  let count = db.selectFrom('matchTeam as t').select((eb) => eb.fn.countAll<string | number>().as('total'));
  if (filter.institutionId !== undefined) {
    query = query.where('t.institutionId', '=', filter.institutionId);
    count = count.where('t.institutionId', '=', filter.institutionId);
  }
  if (filter.eventId !== undefined) {
    query = query.where('t.eventId', '=', filter.eventId);
    count = count.where('t.eventId', '=', filter.eventId);
  }
  if (filter.withoutDrafts) {
    query = query.where('t.state', '!=', 'draft');
    count = count.where('t.state', '!=', 'draft');
  }
  if (filter.state !== undefined) {
    query = query.where('t.state', '=', filter.state);
    count = count.where('t.state', '=', filter.state);
  }
  query =
    order === 'newest' ? query.orderBy('t.id', 'desc') : query.orderBy('t.submittedTime', 'asc').orderBy('t.id', 'asc');
  const [rows, total] = await Promise.all([
    query.limit(page.limit).offset(page.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((row) => toTeamSummary(row, now)), total: Number(total.total) };
};

export const insertTeam = async (trx: Kysely<Database>, values: Insertable<MatchTeamTable>) =>
  Number((await trx.insertInto('matchTeam').values(values).returning('id').executeTakeFirstOrThrow()).id);

/** A new draft team of the institution's, made by `createdBy` at `at`: not submitted, not reviewed. */
export const insertDraftTeam = (
  trx: Kysely<Database>,
  values: {
    eventId: number;
    itemId: number;
    institutionId: number;
    name: string;
    coach: string;
    createdBy: string;
    at: string;
    carriedFromTeamId?: number;
  },
) => {
  const { at, ...team } = values;
  return insertTeam(trx, {
    ...team,
    state: 'draft',
    submittedTime: null,
    reviewedTime: null,
    reviewedBy: null,
    createTime: at,
    updateTime: at,
  });
};

export const updateTeam = (trx: Kysely<Database>, id: number, values: Updateable<MatchTeamTable>) =>
  trx.updateTable('matchTeam').set(values).where('id', '=', id).execute();

export const deleteTeam = (trx: Kysely<Database>, id: number) =>
  trx.deleteFrom('matchTeam').where('id', '=', id).execute();

/** Another team of the institution with this name for the item (names are one per item and institution). */
export const teamNamed = (trx: Kysely<Database>, itemId: number, institutionId: number, name: string) =>
  trx
    .selectFrom('matchTeam')
    .select('id')
    .where('itemId', '=', itemId)
    .where('institutionId', '=', institutionId)
    .where('name', '=', name)
    .executeTakeFirst();

/** How many teams the institution has in each event. */
export const teamCountsOfInstitution = async (db: Kysely<Database>, institutionId: number) => {
  const rows = await db
    .selectFrom('matchTeam')
    .select((eb) => ['eventId', eb.fn.countAll<string | number>().as('n')])
    .where('institutionId', '=', institutionId)
    .groupBy('eventId')
    .execute();
  return new Map(rows.map((row) => [Number(row.eventId), Number(row.n)]));
};

/** The teams of these events by state, drafts left out. */
export const stateCountsOfEvents = async (db: Kysely<Database>, eventIds: number[]) => {
  const counts = new Map(eventIds.map((id) => [id, { submitted: 0, returned: 0, approved: 0 }]));
  if (eventIds.length === 0) return counts;
  const rows = await db
    .selectFrom('matchTeam')
    .select((eb) => ['eventId', 'state', eb.fn.countAll<string | number>().as('n')])
    .where('eventId', 'in', eventIds)
    .where('state', '!=', 'draft')
    .groupBy(['eventId', 'state'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(Number(row.eventId));
    if (entry && (row.state === 'submitted' || row.state === 'returned' || row.state === 'approved')) {
      entry[row.state] = Number(row.n);
    }
  }
  return counts;
};

/** An event's window and organiser, read in the transaction that changes one of its teams. */
export const findEventWindow = (db: Kysely<Database>, eventId: number) =>
  db
    .selectFrom('matchEvent')
    .select(['id', 'name', 'level', 'visible', 'registrationOpens', 'registrationCloses', 'organizerId'])
    .where('id', '=', eventId)
    .executeTakeFirst();

export const findItem = (db: Kysely<Database>, itemId: number) =>
  db.selectFrom('matchEventItem').selectAll().where('id', '=', itemId).executeTakeFirst();

/** The institution's team carried from `sourceTeamId` into the event, if there is one (one per source and event). */
export const carriedTeamIn = (db: Kysely<Database>, sourceTeamId: number, eventId: number) =>
  db
    .selectFrom('matchTeam')
    .select(['id', 'name'])
    .where('carriedFromTeamId', '=', sourceTeamId)
    .where('eventId', '=', eventId)
    .executeTakeFirst();

/** The institution's teams carried from any of these teams: which source went into which event, as which team. */
export const teamsCarriedFrom = async (db: Kysely<Database>, institutionId: number, sourceTeamIds: number[]) =>
  sourceTeamIds.length === 0
    ? []
    : (
        await db
          .selectFrom('matchTeam')
          .select(['id', 'eventId', 'carriedFromTeamId'])
          .where('institutionId', '=', institutionId)
          .where('carriedFromTeamId', 'in', sourceTeamIds)
          .execute()
      ).map((row) => ({
        id: Number(row.id),
        eventId: Number(row.eventId),
        sourceTeamId: Number(row.carriedFromTeamId),
      }));
