import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import { initial } from './migrations/0001_initial';
import { siteSettings } from './migrations/0002_site_settings';
import { articles } from './migrations/0003_articles';
import { uploads } from './migrations/0004_uploads';
import { cardAccounts } from './migrations/0005_card_accounts';
import { articleSearchIndex } from './migrations/0006_article_search_index';
import { articleTotals } from './migrations/0006_article_totals';
import { siteVersion } from './migrations/0008_site_version';

/** Migrations are listed here (not read from a folder) so the bundled server carries them. */
const migrationsFor = (db: Db): Record<string, Migration> => ({
  '0001_initial': initial(db.dialect),
  '0002_site_settings': siteSettings(),
  '0003_articles': articles(db.dialect),
  '0004_uploads': uploads(db.dialect),
  '0005_card_accounts': cardAccounts(db.dialect),
  '0006_article_search_index': articleSearchIndex(db.dialect),
  '0006_article_totals': articleTotals(db.dialect),
  '0008_site_version': siteVersion(db.dialect),
});

export const migrate = async (db: Db): Promise<void> => {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};
