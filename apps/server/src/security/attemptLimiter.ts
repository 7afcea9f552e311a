import { isIP } from 'node:net';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../http/apiError';
import { addressKey } from './clientAddress';

/** At most `max` events per `subject` within a sliding `windowMs`. */
export interface AttemptRule {
  name: string;
  max: number;
  windowMs: number;
  /** The refusal once the limit is reached (Chinese). */
  message: string;
  /**
   * For the per-address rules: past this many events each try must carry the image challenge and is held a
   * while instead of refused, so a school behind one gateway goes on; `max` stays the hard ceiling a flood meets.
   */
  slowAfter?: number;
}

export interface AttemptCheck {
  rule: AttemptRule;
  subject: string;
}

/** What a rule had counted for its subject within its window, before the try being judged. */
export interface Seen {
  count: number;
  latest: Date | null;
}

/** Events counted ahead of the work they guard; given back when the work turned out not to count. */
export interface Reservation {
  release(): Promise<void>;
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
  /**
   * Checks and counts in one step no concurrent request can come between: throws the 429 of the first rule
   * already at its limit (counting nothing), else counts one event for each. Every try that must not
   * outrun its limit (an SMS sent, a password checked) is counted this way, before its work. Answers what
   * each check had counted before, and whether any rule was past its `slowAfter` (the try is to be held).
   */
  take(checks: AttemptCheck[]): Promise<{ seen: Seen[]; crowded: boolean } & Reservation>;
  /**
   * The general form of `take`: `decide` is handed what each check had counted and says which of them to
   * count now (it may throw to refuse with nothing counted); all in one step.
   */
  reserve<T>(
    checks: AttemptCheck[],
    decide: (seen: Seen[]) => { record: boolean[]; outcome: T },
  ): Promise<{ outcome: T } & Reservation>;
  /**
   * Counts one event for each check unless one of them, or one of `unless` (judged, not counted), has reached
   * its max; in one step no concurrent request can come between (a single statement on SQLite). Answers
   * whether it counted; when not, nothing was, and a caller that must say why asks `take` or `recent`. For the
   * hot paths (a public page's every visit), where `take` costs a transaction of several statements.
   */
  takeIfClear(checks: AttemptCheck[], unless?: AttemptCheck[]): Promise<boolean>;
}

/**
 * Every subject that is a client address is counted by `addressKey` (an IPv6 client by its /64), so each
 * rule counting addresses, wherever it is declared, counts clients the same way.
 */
const subjectKey = (subject: string) => (isIP(subject) ? addressKey(subject) : subject);

const LONGEST_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * How often a limiter sweeps: old events only need to go eventually, and the sweep reads the whole table
 * (no index leads with the time), which on every write would cost more than the write itself.
 */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counters live in the database, so every server process sharing it sees the same counts.
 * Events older than a day are swept as new ones are written.
 */
export const createAttemptLimiter = (db: Db, now: () => Date): AttemptLimiter => {
  const seenSince = async (kysely: Kysely<Database>, rule: AttemptRule, subject: string, current: Date) => {
    const since = new Date(current.getTime() - rule.windowMs).toISOString();
    const row = await kysely
      .selectFrom('attemptEvent')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('createTime').as('latest')])
      .where('rule', '=', rule.name)
      .where('subject', '=', subjectKey(subject))
      .where('createTime', '>', since)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), latest: row?.latest ? new Date(String(row.latest)) : null };
  };
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = async (kysely: Kysely<Database>, current: Date) => {
    if (Math.abs(current.getTime() - sweptAt) < SWEEP_EVERY_MS) return;
    sweptAt = current.getTime();
    await kysely
      .deleteFrom('attemptEvent')
      .where('createTime', '<', new Date(current.getTime() - LONGEST_KEPT_MS).toISOString())
      .execute();
  };
  const rowsOf = (checks: AttemptCheck[], at: string) =>
    checks.map(({ rule, subject }) => ({ rule: rule.name, subject: subjectKey(subject), createTime: at }));

  const reserve: AttemptLimiter['reserve'] = async (checks, decide) => {
    const current = now();
    const { outcome, ids } = await db.writeTransaction(async (trx, locks) => {
      // In a fixed order, so two requests locking the same subjects cannot each wait for the other.
      const names = [...new Set(checks.map(({ rule, subject }) => `attempt:${rule.name}:${subjectKey(subject)}`))];
      for (const name of names.sort()) await locks.named(name);
      const seen: Seen[] = [];
      for (const { rule, subject } of checks) seen.push(await seenSince(trx, rule, subject, current));
      const { record, outcome } = decide(seen);
      const counted = checks.filter((_, index) => record[index]);
      if (counted.length === 0) return { outcome, ids: [] as number[] };
      const rows = await trx
        .insertInto('attemptEvent')
        .values(rowsOf(counted, current.toISOString()))
        .returning('id')
        .execute();
      return { outcome, ids: rows.map((row) => Number(row.id)) };
    });
    // Outside the transaction: sweeping old rows must not make concurrent reservations wait on each other.
    if (ids.length > 0) await sweep(db.kysely, current);
    return {
      outcome,
      async release() {
        if (ids.length > 0) await db.kysely.deleteFrom('attemptEvent').where('id', 'in', ids).execute();
      },
    };
  };

  /** Below its max for its subject, as a condition of one statement (the raw names: no plugin rewrites them). */
  const below = ({ rule, subject }: AttemptCheck, current: Date) =>
    sql`(select count(*) from attempt_event where rule = ${rule.name} and subject = ${subjectKey(subject)}
      and create_time > ${new Date(current.getTime() - rule.windowMs).toISOString()}) < ${rule.max}`;

  const takeIfClear: AttemptLimiter['takeIfClear'] = async (checks, unless = []) => {
    if (checks.length === 0) return true;
    const current = now();
    const at = current.toISOString();
    const clear = sql.join(
      [...checks, ...unless].map((check) => below(check, current)),
      sql` and `,
    );
    const rows = sql.join(
      checks.map(({ rule, subject }) => sql`select ${rule.name}, ${subjectKey(subject)}, ${at} where ${clear}`),
      sql` union all `,
    );
    const insert = sql`insert into attempt_event (rule, subject, create_time) ${rows}`;
    const result =
      db.dialect === 'sqlite'
        ? // SQLite runs one writing statement at a time: the counts and the insert cannot be come between.
          await insert.execute(db.kysely)
        : // PostgreSQL's statement sees the rows committed when it began: the subjects are locked first.
          await db.writeTransaction(async (trx, locks) => {
            const names = new Set(
              [...checks, ...unless].map(({ rule, subject }) => `attempt:${rule.name}:${subjectKey(subject)}`),
            );
            for (const name of [...names].sort()) await locks.named(name);
            return insert.execute(trx);
          });
    const counted = Number(result.numAffectedRows ?? 0n) > 0;
    if (counted) await sweep(db.kysely, current);
    return counted;
  };

  return {
    takeIfClear,
    async assertAllowed(checks) {
      const current = now();
      for (const { rule, subject } of checks) {
        if ((await seenSince(db.kysely, rule, subject, current)).count >= rule.max)
          throw new ApiError(429, rule.message);
      }
    },
    async record(checks) {
      if (checks.length === 0) return;
      const current = now();
      await db.kysely.insertInto('attemptEvent').values(rowsOf(checks, current.toISOString())).execute();
      await sweep(db.kysely, current);
    },
    recent: (rule, subject) => seenSince(db.kysely, rule, subject, now()),
    async reset(rule, subject) {
      await db.kysely
        .deleteFrom('attemptEvent')
        .where('rule', '=', rule.name)
        .where('subject', '=', subjectKey(subject))
        .execute();
    },
    reserve,
    async take(checks) {
      const { outcome: seen, release } = await reserve(checks, (seen) => {
        const full = checks.findIndex(({ rule }, index) => (seen[index]?.count ?? 0) >= rule.max);
        if (full >= 0) throw new ApiError(429, checks[full]?.rule.message ?? '');
        return { record: checks.map(() => true), outcome: seen };
      });
      const crowded = checks.some(
        ({ rule }, index) => rule.slowAfter !== undefined && (seen[index]?.count ?? 0) >= rule.slowAfter,
      );
      return { seen, crowded, release };
    },
  };
};
