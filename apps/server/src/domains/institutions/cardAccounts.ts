import type { CardAccount, ConsoleUser, cardAccountFilter, cardAccountUpdateBody } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { type ConsoleListQuery, escapeLike, listPage, pageOfRange } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/apiError';
import { auditTarget } from '../audit/auditRepository';
import { updateCardRoles } from '../cardHolders/cardHolderRepository';
import { maskPhone } from './roster';

type Filter = z.output<typeof cardAccountFilter>;
const CARD_NOT_FOUND = '未找到该卡';
const auditCardAccount = auditTarget('cardAccount');

const accounts = (db: Kysely<Database>) =>
  db.selectFrom('cardHolder as h').leftJoin('institution as i', 'i.id', 'h.institutionId');

const COLUMNS = [
  'h.cardNo',
  'h.name',
  'h.school',
  'h.phone',
  'h.activationState',
  'h.institution',
  'h.institutionId',
  'h.operator',
  'h.updateTime',
  'i.name as institutionName',
] as const;

type AccountRow = {
  cardNo: string;
  name: string;
  school: string;
  phone: string;
  activationState: string;
  institution: number;
  institutionId: number | null;
  operator: number;
  updateTime: string;
  institutionName: string | null;
};

const toCardAccount = (row: AccountRow): CardAccount => ({
  id: row.cardNo,
  cardNo: row.cardNo,
  name: row.name,
  school: row.school,
  phone: maskPhone(row.phone),
  activated: row.activationState === 'active',
  institution: row.institution === 1,
  institutionId: row.institutionId === null ? null : Number(row.institutionId),
  institutionName: row.institutionName ?? '',
  operator: row.operator === 1,
  updateTime: row.updateTime,
});

export const listCardAccounts = async (db: Kysely<Database>, query: ConsoleListQuery & { filter: Filter }) => {
  const { filter } = query;
  const filtered = () => {
    let builder = accounts(db);
    if (filter.id) builder = builder.where('h.cardNo', 'in', filter.id.length ? filter.id : ['']);
    if (filter.role === 'institution') builder = builder.where('h.institution', '=', 1);
    if (filter.role === 'operator') builder = builder.where('h.operator', '=', 1);
    if (filter.institutionId) builder = builder.where('h.institutionId', '=', filter.institutionId);
    if (filter.q) {
      const q = filter.q.trim();
      builder = /^\d+$/.test(q)
        ? builder.where('h.cardNo', 'like', sql<string>`${`${escapeLike(q)}%`} escape '\\'`)
        : builder.where('h.name', 'like', sql<string>`${`%${escapeLike(q)}%`} escape '\\'`);
    }
    return builder;
  };
  const [field, direction] = query.sort;
  const column = field === 'name' ? 'h.name' : field === 'updateTime' ? 'h.updateTime' : 'h.cardNo';
  const { rows, total } = await listPage(
    filtered,
    (builder) =>
      builder
        .select(COLUMNS)
        .orderBy(column, direction === 'ASC' ? 'asc' : 'desc')
        .orderBy('h.cardNo', 'desc'),
    pageOfRange(query.range),
  );
  return { list: (rows as AccountRow[]).map(toCardAccount), total };
};

export const findCardAccount = async (db: Kysely<Database>, cardNo: string): Promise<CardAccount> => {
  const row = await accounts(db).select(COLUMNS).where('h.cardNo', '=', cardNo).executeTakeFirst();
  if (!row) throw notFound(CARD_NOT_FOUND);
  return toCardAccount(row as AccountRow);
};

/** Grants or withdraws the institution and operator roles; an institution account names its institution. */
export const changeCardRoles = async (
  db: Db,
  cardNo: string,
  input: z.output<typeof cardAccountUpdateBody>,
  actor: ConsoleUser | null,
  now: Date,
): Promise<CardAccount> => {
  await db.writeTransaction(async (trx, locks) => {
    const before = await locks
      .forUpdate(
        trx
          .selectFrom('cardHolder')
          .select(['cardNo', 'institution', 'institutionId', 'operator', 'activationState'])
          .where('cardNo', '=', cardNo),
      )
      .executeTakeFirst();
    if (!before) throw notFound(CARD_NOT_FOUND);
    const institution = input.institution ?? before.institution === 1;
    const operator = input.operator ?? before.operator === 1;
    let institutionId = institution ? (input.institutionId ?? before.institutionId) : null;
    if (institutionId !== null) institutionId = Number(institutionId);
    const granting = (institution && before.institution !== 1) || (operator && before.operator !== 1);
    if (granting && before.activationState !== 'active') throw badRequest('该卡尚未激活，不能授予');
    if (institution && institutionId === null) throw badRequest('请选择所属机构');
    if (institutionId !== null) {
      const exists = await trx
        .selectFrom('institution')
        .select('id')
        .where('id', '=', institutionId)
        .executeTakeFirst();
      if (!exists) throw badRequest('机构不存在');
    }
    const to = { institution: institution ? 1 : 0, institutionId, operator: operator ? 1 : 0 };
    await updateCardRoles(trx, cardNo, to, now.toISOString());
    await auditCardAccount(trx, { user: actor, at: now }, 'grant', cardNo, {
      from: { institution: before.institution, institutionId: before.institutionId, operator: before.operator },
      to,
      result: 'ok',
    });
  });
  return findCardAccount(db.kysely, cardNo);
};
