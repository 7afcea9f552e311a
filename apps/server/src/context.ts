import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { SiteVersion } from './db/siteVersion';
import type { CardTokens } from './sessions/cardHolderTokens';
import type { ConsoleSessions } from './sessions/consoleSessions';

/** What every route module is given: no globals, so tests build as many servers as they like. */
export interface ServerContext {
  config: ServerConfig;
  db: Db;
  consoleSessions: ConsoleSessions;
  cardTokens: CardTokens;
  /** The version of the public content, bumped by database triggers on every write to it. */
  siteVersion: SiteVersion;
  now: () => Date;
}
