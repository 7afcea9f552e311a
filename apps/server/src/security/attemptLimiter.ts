import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';

/** At most `max` events per `subject` within a sliding `windowMs`. */
export interface AttemptRule {
  name: string;
  max: number;
  windowMs: number;
  /** The refusal once the limit is reached (Chinese). */
  message: string;
}

export interface AttemptLimiter {
  /** Throws a 429 when any of the rules has already reached its limit for its subject. */
  assertAllowed(checks: { rule: AttemptRule; subject: string }[]): Promise<void>;
  /** Counts one event for each rule and subject. */
  record(checks: { rule: AttemptRule; subject: string }[]): Promise<void>;
  /** How many events a rule counted for a subject within its window, and when the latest was. */
  recent(rule: AttemptRule, subject: string): Promise<{ count: number; latest: Date | null }>;
  /** Forgets the events of a rule for a subject (e.g. failures after a successful log-in). */
  reset(rule: AttemptRule, subject: string): Promise<void>;
}

const LONGEST_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Counters live in the database, so every server process sharing it sees the same counts.
 * Events older than a day are swept as new ones are written.
 */
export const createAttemptLimiter = (db: Db, now: () => Date): AttemptLimiter => {
  const countSince = async (rule: AttemptRule, subject: string, current: Date) => {
    const since = new Date(current.getTime() - rule.windowMs).toISOString();
    const row = await db.kysely
      .selectFrom('attemptEvent')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('rule', '=', rule.name)
      .where('subject', '=', subject)
      .where('createTime', '>', since)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  return {
    async assertAllowed(checks) {
      const current = now();
      for (const { rule, subject } of checks) {
        if ((await countSince(rule, subject, current)) >= rule.max) throw new ApiError(429, rule.message);
      }
    },
    async record(checks) {
      if (checks.length === 0) return;
      const current = now();
      const at = current.toISOString();
      await db.kysely
        .insertInto('attemptEvent')
        .values(checks.map(({ rule, subject }) => ({ rule: rule.name, subject, createTime: at })))
        .execute();
      await db.kysely
        .deleteFrom('attemptEvent')
        .where('createTime', '<', new Date(current.getTime() - LONGEST_KEPT_MS).toISOString())
        .execute();
    },
    async recent(rule, subject) {
      const since = new Date(now().getTime() - rule.windowMs).toISOString();
      const row = await db.kysely
        .selectFrom('attemptEvent')
        .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('createTime').as('latest')])
        .where('rule', '=', rule.name)
        .where('subject', '=', subject)
        .where('createTime', '>', since)
        .executeTakeFirst();
      const latest = row?.latest ? new Date(String(row.latest)) : null;
      return { count: Number(row?.count ?? 0), latest };
    },
    async reset(rule, subject) {
      await db.kysely.deleteFrom('attemptEvent').where('rule', '=', rule.name).where('subject', '=', subject).execute();
    },
  };
};
