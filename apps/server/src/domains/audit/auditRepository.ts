import type { AuditActionName, AuditEntry, AuditTargetName, auditFilter, ConsoleUser } from '@lianmeng/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { listPage, pageOfRange } from '../../db/listPage';
import type { AuditLogTable, Database } from '../../db/schema';
import { notFound } from '../../http/apiError';

export type AuditAction = AuditActionName;

/** Rows per insert: 7 values a row stays well under both databases' limit on bound values. */
const AUDIT_ROWS_PER_INSERT = 1000;

interface ConsoleAuditEntry {
  user: Pick<ConsoleUser, 'id' | 'username'> | null;
  action: AuditAction;
  targetType: AuditTargetName;
  targetId: string | number;
  detail?: Record<string, unknown>;
  at: Date;
}

const consoleAuditRow = (entry: ConsoleAuditEntry) => ({
  userId: entry.user?.id ?? null,
  username: entry.user?.username ?? '',
  action: entry.action,
  targetType: entry.targetType,
  targetId: String(entry.targetId),
  detail: JSON.stringify(entry.detail ?? {}),
  createTime: entry.at.toISOString(),
});

/** Written in the same transaction as the change it records. */
export const recordAudit = (trx: Kysely<Database>, entry: ConsoleAuditEntry) =>
  trx.insertInto('auditLog').values(consoleAuditRow(entry)).execute();

/** Rows of any kind of entry, a bounded number to an insert. */
const insertAuditRows = async (trx: Kysely<Database>, rows: Insertable<AuditLogTable>[]) => {
  for (let start = 0; start < rows.length; start += AUDIT_ROWS_PER_INSERT) {
    await trx
      .insertInto('auditLog')
      .values(rows.slice(start, start + AUDIT_ROWS_PER_INSERT))
      .execute();
  }
};

/** Many entries at once (public checks written together), in the transaction of what they record. */
export const recordAudits = (trx: Kysely<Database>, entries: ConsoleAuditEntry[]) =>
  insertAuditRows(trx, entries.map(consoleAuditRow));

/**
 * An entry for a step taken by a card account (an institution's account, or a holder activating a card),
 * named by its card number; `detail` says for which institution, what, and the result.
 */
interface CardAuditEntry {
  cardNo: string;
  action: AuditAction;
  targetType: AuditTargetName;
  targetId: string | number;
  detail: Record<string, unknown>;
  at: Date;
  /** The holder whose records the step concerns, for the audit list's filter by holder. */
  holderCardNo?: string;
}

const cardAuditRow = (entry: CardAuditEntry) => ({
  userId: null,
  username: `卡号${entry.cardNo}`,
  action: entry.action,
  targetType: entry.targetType,
  targetId: String(entry.targetId),
  detail: JSON.stringify(entry.detail),
  createTime: entry.at.toISOString(),
  // The institution the step was for is in every card account's detail; kept in a column to filter by.
  institutionId: typeof entry.detail.institutionId === 'number' ? entry.detail.institutionId : null,
  holderCardNo: entry.holderCardNo ?? null,
});

/**
 * The entries of one kind of record: each names who made the change and when, the action, the record's id
 * and what to keep of it.
 */
export const auditTarget =
  (targetType: AuditTargetName) =>
  (
    trx: Kysely<Database>,
    change: { user: Pick<ConsoleUser, 'id' | 'username'> | null; at: Date },
    action: AuditAction,
    targetId: string | number,
    detail: Record<string, unknown>,
  ) =>
    recordAudit(trx, { user: change.user, action, targetType, targetId, detail, at: change.at });

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
  if (filter.institutionId) builder = builder.where('institutionId', '=', filter.institutionId);
  if (filter.holderCardNo) builder = builder.where('holderCardNo', '=', filter.holderCardNo);
  if (filter.createTime_gte) builder = builder.where('createTime', '>=', filter.createTime_gte);
  if (filter.createTime_lte) builder = builder.where('createTime', '<=', endOfDay(filter.createTime_lte));
  return builder;
};

export const listAuditEntries = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: AuditFilter },
) => {
  const [field, order] = query.sort;
  const direction = order === 'ASC' ? 'asc' : 'desc';
  const { rows, total } = await listPage(
    () => filtered(db, query.filter),
    (builder) =>
      builder
        .selectAll()
        .orderBy(field as 'id', direction)
        .orderBy('id', direction),
    pageOfRange(query.range),
  );
  return { list: rows.map(toEntry), total };
};

export const findAuditEntry = async (db: Kysely<Database>, id: number) => {
  const row = await db.selectFrom('auditLog').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('这条日志不存在');
  return toEntry(row);
};

/** An entry that records no other write (a sign-in, a sign-out), in a transaction of its own. */
export const recordAuditAlone = (db: Db, entry: Parameters<typeof recordAudit>[1]) =>
  db.writeTransaction((trx) => recordAudit(trx, entry));

/** Many card-account entries at once (one per record of a reviewed batch), in the transaction of the change. */
export const recordCardAudits = (trx: Kysely<Database>, entries: CardAuditEntry[]) =>
  insertAuditRows(trx, entries.map(cardAuditRow));

export const recordCardAudit = (trx: Kysely<Database>, entry: CardAuditEntry) => recordCardAudits(trx, [entry]);
