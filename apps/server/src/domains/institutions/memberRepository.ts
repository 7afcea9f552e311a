import type { ActivationState, InstitutionPerson } from '@lianmeng/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import { containsPattern, type Page } from '../../db/listPage';
import type { Database, InstitutionMemberTable } from '../../db/schema';
import { maskPhone } from './roster';

export interface PeopleQuery {
  institutionId: number;
  keyword?: string;
  state?: ActivationState;
}

const CARD_NO = /^\d{8,20}$/;

/** One institution's members, narrowed by keyword (card number, or part of a name) and activation state. */
const filteredPeople = (db: Kysely<Database>, query: PeopleQuery) => {
  let builder = db
    .selectFrom('institutionMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .where('m.institutionId', '=', query.institutionId);
  if (query.state) builder = builder.where('m.activationState', '=', query.state);
  if (query.keyword) {
    const keyword = query.keyword;
    builder = CARD_NO.test(keyword)
      ? builder.where('m.cardNo', '=', keyword)
      : builder.where('h.name', 'like', sql<string>`${containsPattern(keyword)} escape '\\'`);
  }
  return builder;
};

/**
 * The statements of one page of the people list, newest link first: they walk the
 * (institution, link time, card) index from the institution's newest entry, so the first page costs the
 * same at any number of holders.
 */
export const peopleQueries = (db: Kysely<Database>, query: PeopleQuery, page: Page) => ({
  rows: filteredPeople(db, query)
    .select([
      'm.cardNo',
      'm.how',
      'm.batchId',
      'm.linkTime',
      'h.name',
      'h.gender',
      'h.birthDate',
      'h.grade',
      'h.phone',
      'h.rosterPhone',
      'h.guardianPhone',
      'm.activationState',
    ])
    .orderBy('m.linkTime', 'desc')
    .orderBy('m.cardNo', 'desc')
    .limit(page.limit)
    .offset(page.offset),
  // Unless a name is searched, the total is counted in an index of the members alone.
  count:
    query.keyword && !CARD_NO.test(query.keyword)
      ? filteredPeople(db, query).select(sql<string | number>`count(*)`.as('total'))
      : db
          .selectFrom('institutionMember as m')
          .select(sql<string | number>`count(*)`.as('total'))
          .where('m.institutionId', '=', query.institutionId)
          .$if(Boolean(query.state), (builder) => builder.where('m.activationState', '=', query.state ?? ''))
          .$if(Boolean(query.keyword), (builder) => builder.where('m.cardNo', '=', query.keyword ?? '')),
});

export const listPeople = async (
  db: Kysely<Database>,
  query: PeopleQuery,
  page: Page,
): Promise<{ list: InstitutionPerson[]; total: number }> => {
  const statements = peopleQueries(db, query, page);
  const [rows, count] = await Promise.all([statements.rows.execute(), statements.count.executeTakeFirstOrThrow()]);
  return {
    list: rows.map((row) => ({
      cardNo: row.cardNo,
      name: row.name,
      gender: row.gender,
      birthDate: row.birthDate ?? '',
      grade: row.grade,
      // Before activation the roster's phone is all there is.
      phone: maskPhone(row.phone || row.rosterPhone),
      guardianPhone: maskPhone(row.guardianPhone),
      state: row.activationState === 'pending' ? 'pending' : 'active',
      how: row.how === 'linked' ? 'linked' : 'opened',
      batchId: row.batchId === null ? null : Number(row.batchId),
      linkTime: row.linkTime,
    })),
    total: Number(count.total),
  };
};

/** The card's membership of the institution, with its holder. */
const membership = (db: Kysely<Database>, institutionId: number, cardNo: string) =>
  db
    .selectFrom('institutionMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .where('m.institutionId', '=', institutionId)
    .where('m.cardNo', '=', cardNo);

/** The member row, if the card belongs to the institution. */
export const findMember = (db: Kysely<Database>, institutionId: number, cardNo: string) =>
  membership(db, institutionId, cardNo)
    .select(['m.cardNo', 'm.how', 'm.batchId', 'h.name', 'h.activationState'])
    .executeTakeFirst();

/** Cards of the institution among `cardNos` (to tell a new link from an existing one). */
export const membersAmong = async (db: Kysely<Database>, institutionId: number, cardNos: string[]) => {
  const found = new Set<string>();
  for (let start = 0; start < cardNos.length; start += 500) {
    const rows = await db
      .selectFrom('institutionMember')
      .select('cardNo')
      .where('institutionId', '=', institutionId)
      .where('cardNo', 'in', cardNos.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.cardNo);
  }
  return found;
};

export const insertMembers = async (db: Kysely<Database>, rows: Insertable<InstitutionMemberTable>[]) => {
  for (let start = 0; start < rows.length; start += 2000) {
    await db
      .insertInto('institutionMember')
      .values(rows.slice(start, start + 2000))
      .execute();
  }
};

/** A card was activated: its memberships say so too. */
export const markMembersActive = (db: Kysely<Database>, cardNo: string) =>
  db.updateTable('institutionMember').set({ activationState: 'active' }).where('cardNo', '=', cardNo).execute();

export const removeMember = (db: Kysely<Database>, institutionId: number, cardNo: string) =>
  db.deleteFrom('institutionMember').where('institutionId', '=', institutionId).where('cardNo', '=', cardNo).execute();

/** The not-yet-activated cards a batch opened, with what the codes list shows of them. */
export const pendingCardsOfBatch = (db: Kysely<Database>, institutionId: number, batchId: number) =>
  db
    .selectFrom('institutionMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .select(['m.cardNo', 'h.name', 'h.grade'])
    .where('m.institutionId', '=', institutionId)
    .where('m.batchId', '=', batchId)
    .where('m.activationState', '=', 'pending')
    .orderBy('m.cardNo')
    .execute();

/** The holder, if linked to the institution (a member by roster), with what the date check needs. */
export const linkedHolder = (db: Kysely<Database>, institutionId: number, cardNo: string) =>
  membership(db, institutionId, cardNo).select(['h.cardNo', 'h.name', 'h.birthDate']).executeTakeFirst();
