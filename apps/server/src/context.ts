import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { ConsoleSessions } from './plugins/consoleSession';

/** What every route module is given: no globals, so tests build as many servers as they like. */
export interface ServerContext {
  config: ServerConfig;
  db: Db;
  consoleSessions: ConsoleSessions;
  now: () => Date;
}
