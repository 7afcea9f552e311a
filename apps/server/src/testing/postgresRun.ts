import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_RUN_KEY, postgresAdminUrl, REUSABLE_NOTE, REUSABLE_PREFIX } from './testDatabase';

// A run killed before its end leaves its databases; another run drops them once they are this old.
const LEFT_BEHIND_AFTER_MS = 30 * 60 * 1000;

const dropWhere = async (pattern: string, keep: (note: string | null) => boolean) => {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query<{ datname: string; note: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1`,
      [pattern],
    );
    for (const { datname, note } of found.rows) {
      if (!keep(note)) await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
};

/**
 * The server-pg project's run: tags the databases its workers keep for reuse (testing/testDatabase.ts), drops
 * them when the run ends, and drops those that runs killed before their end left long ago.
 */
export default async function setup(project: TestProject) {
  const tag = randomBytes(4).toString('hex');
  project.provide(POSTGRES_RUN_KEY, tag);
  await dropWhere(`${REUSABLE_PREFIX}%`, (note) => {
    const madeAt = Number(note?.slice(REUSABLE_NOTE.length));
    return Number.isFinite(madeAt) && Date.now() - madeAt < LEFT_BEHIND_AFTER_MS;
  });
  return () => dropWhere(`${REUSABLE_PREFIX}${tag}_%`, () => false);
}
