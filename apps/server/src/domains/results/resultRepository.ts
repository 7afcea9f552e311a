import type { Kysely } from 'kysely';
import type { WriteLocks } from '../../db/database';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { maskName } from '../proofs/policy';

/** An event as the results calls judge it: its window, organiser, publication and objection period. */
const eventColumns = [
  'id',
  'name',
  'visible',
  'organizerId',
  'registrationOpens',
  'registrationCloses',
  'resultsPublishedTime',
  'objectionDays',
  'resultsFinalTime',
] as const;

export const findResultEvent = (db: Kysely<Database>, eventId: number) =>
  db.selectFrom('matchEvent').select(eventColumns).where('id', '=', eventId).executeTakeFirst();

/** The event row, locked until the transaction ends: saves, publications and objections of one event take turns. */
export const lockResultEvent = (trx: Kysely<Database>, locks: WriteLocks, eventId: number) =>
  locks.forUpdate(trx.selectFrom('matchEvent').select(eventColumns).where('id', '=', eventId)).executeTakeFirst();

export type ResultEvent = NonNullable<Awaited<ReturnType<typeof findResultEvent>>>;

/** The masked member names of these teams, each team's in its order. */
const maskedMembersOf = async (db: Kysely<Database>, teamIds: number[]) => {
  const members = new Map<number, string[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return members;
  const rows = await db
    .selectFrom('matchTeamMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .select(['m.teamId', 'h.name'])
    .where('m.teamId', 'in', teamIds)
    .orderBy('m.teamId')
    .orderBy('m.position')
    .execute();
  for (const row of rows) members.get(Number(row.teamId))?.push(maskName(row.name));
  return members;
};

/**
 * The event's admitted (approved) teams in item order, each with its item, institution, masked members and
 * its result so far (rank and award null when none was entered).
 */
export const admittedTeamsOf = async (db: Kysely<Database>, eventId: number) => {
  const rows = await db
    .selectFrom('matchTeam as t')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .innerJoin('institution as s', 's.id', 't.institutionId')
    .leftJoin('matchResult as r', 'r.teamId', 't.id')
    .select([
      't.id as teamId',
      't.itemId',
      'i.name as itemName',
      'i.position as itemPosition',
      't.name as teamName',
      's.name as institutionName',
      'r.rank',
      'r.award',
    ])
    .where('t.eventId', '=', eventId)
    .where('t.state', '=', 'approved')
    .orderBy('i.position')
    .orderBy('t.id')
    .execute();
  const members = await maskedMembersOf(
    db,
    rows.map((row) => Number(row.teamId)),
  );
  return rows.map((row) => ({
    teamId: Number(row.teamId),
    itemId: Number(row.itemId),
    itemName: row.itemName,
    itemPosition: Number(row.itemPosition),
    teamName: row.teamName,
    institutionName: row.institutionName,
    members: members.get(Number(row.teamId)) ?? [],
    rank: row.rank === null ? null : Number(row.rank),
    award: row.award,
  }));
};

export type AdmittedTeam = Awaited<ReturnType<typeof admittedTeamsOf>>[number];

export const teamsOfIds = (db: Kysely<Database>, teamIds: number[]) =>
  teamIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('matchTeam').select(['id', 'eventId', 'itemId', 'state']).where('id', 'in', teamIds).execute();

/** Writes each team's result; an entry with neither rank nor award removes the team's result. */
export const writeResults = async (
  trx: Kysely<Database>,
  eventId: number,
  entries: { teamId: number; itemId: number; rank: number | null; award: string | null }[],
  cardNo: string,
  at: string,
) => {
  const cleared = entries.filter((entry) => entry.rank === null && entry.award === null).map((entry) => entry.teamId);
  if (cleared.length > 0) await trx.deleteFrom('matchResult').where('teamId', 'in', cleared).execute();
  for (const entry of entries) {
    if (entry.rank === null && entry.award === null) continue;
    const values = { rank: entry.rank, award: entry.award, enteredBy: cardNo, enteredTime: at };
    await trx
      .insertInto('matchResult')
      .values({ teamId: entry.teamId, eventId, itemId: entry.itemId, ...values })
      .onConflict((conflict) => conflict.column('teamId').doUpdateSet(values))
      .execute();
  }
};

/** How many of the event's results carry a rank or an award. */
export const countResults = async (db: Kysely<Database>, eventId: number) =>
  Number(
    (
      await db
        .selectFrom('matchResult')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('eventId', '=', eventId)
        .where((eb) => eb.or([eb('rank', 'is not', null), eb('award', 'is not', null)]))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const setPublished = (trx: Kysely<Database>, eventId: number, at: string) =>
  trx.updateTable('matchEvent').set({ resultsPublishedTime: at, updateTime: at }).where('id', '=', eventId).execute();

/** Objections with their team, item, event and objecting institution's names. */
const objectionsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom('matchObjection as o')
    .innerJoin('matchTeam as t', 't.id', 'o.teamId')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .innerJoin('matchEvent as e', 'e.id', 'o.eventId')
    .innerJoin('institution as s', 's.id', 'o.institutionId')
    .selectAll('o')
    .select([
      't.name as teamName',
      'i.name as itemName',
      'e.name as eventName',
      'e.organizerId',
      's.name as institutionName',
    ]);

export type ObjectionView = NonNullable<
  Awaited<ReturnType<ReturnType<typeof objectionsWithNames>['executeTakeFirst']>>
>;

export const findObjectionView = (db: Kysely<Database>, id: number) =>
  objectionsWithNames(db).where('o.id', '=', id).executeTakeFirst();

/** One page of objections, newest first, of one event or of one objecting institution (or both). */
export const listObjections = async (
  db: Kysely<Database>,
  filter: { eventId?: number; institutionId?: number },
  page: Page,
) => {
  let query = objectionsWithNames(db);
  let count = db.selectFrom('matchObjection as o').select((eb) => eb.fn.countAll<string | number>().as('total'));
  if (filter.eventId !== undefined) {
    query = query.where('o.eventId', '=', filter.eventId);
    count = count.where('o.eventId', '=', filter.eventId);
  }
  if (filter.institutionId !== undefined) {
    query = query.where('o.institutionId', '=', filter.institutionId);
    count = count.where('o.institutionId', '=', filter.institutionId);
  }
  const [rows, total] = await Promise.all([
    query.orderBy('o.receivedTime', 'desc').orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
};

/** The event's objections, oldest first, for the public list. */
export const objectionsOfEvent = (db: Kysely<Database>, eventId: number) =>
  objectionsWithNames(db).where('o.eventId', '=', eventId).orderBy('o.receivedTime').orderBy('o.id').execute();

export const lockObjection = (trx: Kysely<Database>, locks: WriteLocks, id: number) =>
  locks.forUpdate(trx.selectFrom('matchObjection').selectAll().where('id', '=', id)).executeTakeFirst();

/** Whether the institution has a team in the event that it handed in at least once (any state but draft). */
export const hasEnteredTeam = async (db: Kysely<Database>, eventId: number, institutionId: number) =>
  (await db
    .selectFrom('matchTeam')
    .select('id')
    .where('eventId', '=', eventId)
    .where('institutionId', '=', institutionId)
    .where('state', '!=', 'draft')
    .executeTakeFirst()) !== undefined;

/** The institution's unanswered objection to this team, if any. */
export const pendingObjection = (db: Kysely<Database>, teamId: number, institutionId: number) =>
  db
    .selectFrom('matchObjection')
    .select('id')
    .where('teamId', '=', teamId)
    .where('institutionId', '=', institutionId)
    .where('answeredTime', 'is', null)
    .executeTakeFirst();

/** An event as making its results final needs it: its clock, season, level, catalogue item and organiser. */
const finalColumns = [...eventColumns, 'season', 'type', 'level', 'approvalNo', 'catalogueId'] as const;

/** The event row, locked: of two operators making it final at once, the second finds it final. */
export const lockFinalEvent = (trx: Kysely<Database>, locks: WriteLocks, eventId: number) =>
  locks.forUpdate(trx.selectFrom('matchEvent').select(finalColumns).where('id', '=', eventId)).executeTakeFirst();

export type FinalEventRow = NonNullable<Awaited<ReturnType<typeof lockFinalEvent>>>;

/** Events with their organiser's and catalogue item's names, as the operator's 成绩生效 list shows them. */
const eventsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom('matchEvent as e')
    .innerJoin('institution as s', 's.id', 'e.organizerId')
    .innerJoin('creditCatalogue as c', 'c.id', 'e.catalogueId')
    .select(finalColumns.map((column) => `e.${column}` as const))
    .select(['s.name as organizerName', 'c.name as catalogueItemName', 'c.defaultCredits']);

/** One page of events whose results were published, those not yet final first, then the newest. */
export const publishedEvents = async (db: Kysely<Database>, page: Page) => {
  const [rows, total] = await Promise.all([
    eventsWithNames(db)
      .where('e.resultsPublishedTime', 'is not', null)
      .orderBy((eb) => eb.case().when('e.resultsFinalTime', 'is', null).then(0).else(1).end())
      .orderBy('e.resultsPublishedTime', 'desc')
      .orderBy('e.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('matchEvent')
      .where('resultsPublishedTime', 'is not', null)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
};

/** One event with its organiser's and catalogue item's names, published or not. */
export const findEventWithNames = (db: Kysely<Database>, eventId: number) =>
  eventsWithNames(db).where('e.id', '=', eventId).executeTakeFirst();

/** Unanswered objections per event. */
export const openObjectionCounts = async (db: Kysely<Database>, eventIds: number[]) => {
  if (eventIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('matchObjection')
    .select(['eventId', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('eventId', 'in', eventIds)
    .where('answeredTime', 'is', null)
    .groupBy('eventId')
    .execute();
  return new Map(rows.map((row) => [Number(row.eventId), Number(row.n)]));
};

/**
 * The members of the event's teams with an award (admitted teams only), in the order their certificates are
 * numbered: item, rank (unranked last), team, member position; with each member's current name.
 */
export const awardedMembersOf = async (db: Kysely<Database>, eventId: number) => {
  const rows = await db
    .selectFrom('matchResult as r')
    .innerJoin('matchTeam as t', 't.id', 'r.teamId')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .innerJoin('matchTeamMember as m', 'm.teamId', 't.id')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .select([
      't.id as teamId',
      't.name as teamName',
      'i.name as itemName',
      'r.rank',
      'r.award',
      'r.enteredBy',
      'm.cardNo',
      'h.name as holderName',
    ])
    .where('r.eventId', '=', eventId)
    .where('r.award', 'is not', null)
    .where('t.state', '=', 'approved')
    .orderBy('i.position')
    .orderBy((eb) => eb.case().when('r.rank', 'is', null).then(1).else(0).end())
    .orderBy('r.rank')
    .orderBy('t.id')
    .orderBy('m.position')
    .execute();
  return rows.map((row) => ({
    ...row,
    teamId: Number(row.teamId),
    rank: row.rank === null ? null : Number(row.rank),
    award: row.award ?? '',
  }));
};

/** How many members of awarded teams each event has. */
export const awardedMemberCounts = async (db: Kysely<Database>, eventIds: number[]) => {
  if (eventIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('matchResult as r')
    .innerJoin('matchTeam as t', 't.id', 'r.teamId')
    .innerJoin('matchTeamMember as m', 'm.teamId', 't.id')
    .select(['r.eventId', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('r.eventId', 'in', eventIds)
    .where('r.award', 'is not', null)
    .where('t.state', '=', 'approved')
    .groupBy('r.eventId')
    .execute();
  return new Map(rows.map((row) => [Number(row.eventId), Number(row.n)]));
};

export const setFinal = (trx: Kysely<Database>, eventId: number, at: string, cardNo: string) =>
  trx
    .updateTable('matchEvent')
    .set({ resultsFinalTime: at, finalisedBy: cardNo, updateTime: at })
    .where('id', '=', eventId)
    .execute();
