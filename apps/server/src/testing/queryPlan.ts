import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database';

/** The PostgreSQL planner's choices a test may take away, so that only the indexes can serve. */
type PlannerChoice = 'enable_seqscan' | 'enable_indexscan';

/**
 * The plan of a statement on the database the suite runs on, one line per step: SQLite's `explain query
 * plan`, PostgreSQL's `explain`. On PostgreSQL a table as small as a test's may be read whole by choice; with
 * that choice (`without`, by default the sequential scan) taken away for the one statement, an index must serve.
 */
export const queryPlan = async (
  db: Db,
  statement: { compile(): CompiledQuery },
  without: readonly PlannerChoice[] = ['enable_seqscan'],
) => {
  const compiled = statement.compile();
  if (db.dialect === 'sqlite') {
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  }
  return db.kysely.transaction().execute(async (trx) => {
    for (const choice of without) await sql`set local ${sql.raw(choice)} = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
};
