import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { leftLongAgo } from './migratedTemplate';
import { POSTGRES_RUN_KEY, REUSABLE_NOTE, REUSABLE_PREFIX, withAdmin } from './testDatabase';

const dropWhere = (pattern: string, shouldDrop: (note: string | null) => boolean) =>
  withAdmin(async (client) => {
    const found = await client.query<{ datname: string; note: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1`,
      [pattern],
    );
    for (const { datname, note } of found.rows) {
      if (shouldDrop(note)) await client.query(`drop database if exists ${datname} with (force)`);
    }
  });

/**
 * The server-pg project's run: tags the databases its workers keep for reuse (testing/testDatabase.ts), drops
 * them when the run ends, and drops those that runs killed before their end left long ago.
 */
export default async function setup(project: TestProject) {
  const tag = randomBytes(4).toString('hex');
  project.provide(POSTGRES_RUN_KEY, tag);
  await dropWhere(`${REUSABLE_PREFIX}%`, (note) => leftLongAgo(note, REUSABLE_NOTE));
  return () => dropWhere(`${REUSABLE_PREFIX}${tag}_%`, () => true);
}
