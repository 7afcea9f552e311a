import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { RunningSite } from './site';

/**
 * Runs `work` on a running site's own SQLite file (`DATA_DIR/lianmeng.sqlite`), for what no call of the site can
 * do: the server reads the real clock and has none to wind, so a test that needs a period to be over moves the
 * stored instant that began it back instead. The server keeps its database in WAL mode, so this connection
 * writes beside the server's; the tables' triggers fire as for any write (the site version, which the server's
 * caches follow, among them). Only for sites on SQLite, which `startSite` gives unless `DATABASE_URL` is set.
 */
export const withSiteDatabase = <T>(site: RunningSite, work: (db: BetterSqlite3.Database) => T): T => {
  const db = new BetterSqlite3(path.join(site.dataDir, 'lianmeng.sqlite'));
  try {
    // The server may be writing at that moment: wait for its transaction rather than fail.
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
};
