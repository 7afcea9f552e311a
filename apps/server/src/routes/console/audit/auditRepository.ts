import type { AuditEntry, auditFilter } from '@lianmeng/core';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuditLogTable, Database } from '../../../db/schema';
import { pageOf } from '../contentRange';

type AuditFilter = z.output<typeof auditFilter>;

const toEntry = (row: Selectable<AuditLogTable>): AuditEntry => ({
  id: Number(row.id),
  userId: row.userId === null ? null : Number(row.userId),
  username: row.username,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  detail: row.detail,
  createTime: row.createTime,
});

/** A date without a time covers that whole day (UTC), so "until 2026-11-22" includes that day. */
const endOfDay = (value: string) => (value.length === 10 ? `${value}T23:59:59.999Z` : value);

const filtered = (db: Kysely<Database>, filter: AuditFilter) => {
  let builder = db.selectFrom('auditLog');
  if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.username) builder = builder.where('username', '=', filter.username);
  if (filter.action) builder = builder.where('action', '=', filter.action);
  if (filter.targetType) builder = builder.where('targetType', '=', filter.targetType);
  if (filter.createTime_gte) builder = builder.where('createTime', '>=', filter.createTime_gte);
  if (filter.createTime_lte) builder = builder.where('createTime', '<=', endOfDay(filter.createTime_lte));
  return builder;
};

export const listAuditEntries = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: AuditFilter },
) => {
  const { offset, limit } = pageOf(query.range);
  const [field, order] = query.sort;
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    filtered(db, query.filter)
      .selectAll()
      .orderBy(field as 'id', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, query.filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toEntry), total: Number(count.total) };
};

export const findAuditEntry = async (db: Kysely<Database>, id: number) => {
  const row = await db.selectFrom('auditLog').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
};
