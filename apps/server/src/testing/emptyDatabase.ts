import { afterEach } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { createScratchPostgres, type ScratchDatabase, testsUsePostgres } from './testDatabase';

/**
 * For tests that migrate by hand: the function returned opens an empty database (SQLite in memory, or a
 * scratch PostgreSQL database under the server-pg project), closed and dropped after the test that opened it.
 */
export const emptyDatabasePerTest = () => {
  const opened: { db: Db; scratch: ScratchDatabase | null }[] = [];
  afterEach(async () => {
    for (const { db, scratch } of opened.splice(0)) {
      await db.destroy();
      await scratch?.drop();
    }
  });
  return async () => {
    const scratch = testsUsePostgres() ? await createScratchPostgres() : null;
    const db = openDatabase(scratch ? scratch.url : ':memory:', '');
    opened.push({ db, scratch });
    return db;
  };
};
