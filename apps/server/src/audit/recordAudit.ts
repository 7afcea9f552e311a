import type { ConsoleUser } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type AuditAction =
  | 'sign-in'
  | 'sign-out'
  | 'insert'
  | 'update'
  | 'toggle'
  | 'delete'
  | 'sort-clear'
  | 'upload'
  | 'settings';

/** Written in the same transaction as the change it records. */
export const recordAudit = (
  trx: Kysely<Database>,
  entry: {
    user: Pick<ConsoleUser, 'id' | 'username'> | null;
    action: AuditAction;
    targetType: string;
    targetId: string | number;
    detail?: Record<string, unknown>;
    at: Date;
  },
) =>
  trx
    .insertInto('auditLog')
    .values({
      userId: entry.user?.id ?? null,
      username: entry.user?.username ?? '',
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      detail: JSON.stringify(entry.detail ?? {}),
      createTime: entry.at.toISOString(),
    })
    .execute();
