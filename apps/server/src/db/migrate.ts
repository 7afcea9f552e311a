import { DEFAULT_CERTIFICATION_URL } from '@lianmeng/core';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { initial } from './migrations/0001_initial';
import { siteSettings } from './migrations/0002_site_settings';
import { articles } from './migrations/0003_articles';
import { uploads } from './migrations/0004_uploads';
import { cardAccounts } from './migrations/0005_card_accounts';
import { articleSearchIndex } from './migrations/0006_article_search_index';
import { articleTotals } from './migrations/0007_article_totals';
import { siteVersion } from './migrations/0008_site_version';
import { articleSearch } from './migrations/0009_article_search';
import { usernameCase } from './migrations/0010_username_case';
import { imageOrderSchedule } from './migrations/0011_image_order_schedule';
import { certificationLogoSettings } from './migrations/0012_certification_logo_settings';
import { documentUploads } from './migrations/0013_document_uploads';
import { captchaChallenge } from './migrations/0014_captcha_challenge';
import { institutions } from './migrations/0015_institutions';
import { creditLedger } from './migrations/0016_credit_ledger';
import { proofs } from './migrations/0017_proofs';
import { secondFactor } from './migrations/0019_second_factor';
import { ssoCode } from './migrations/0020_sso_code';
import { holderLedgerVersions } from './migrations/0021_holder_ledger_version';
import { events } from './migrations/0022_events';
import { totpTimeStep } from './migrations/0023_totp_time_step';
import { matchTeams } from './migrations/0024_match_teams';
import { matchTeamUploads } from './migrations/0025_match_team_uploads';
import { matchResults } from './migrations/0026_match_results';
import { matchCertificates } from './migrations/0027_match_certificates';

/** Migrations are listed here (not read from a folder) so the bundled server carries them. */
export const migrationsFor = (db: Db): Record<string, Migration> => ({
  '0001_initial': initial(db.dialect),
  '0002_site_settings': siteSettings(),
  '0003_articles': articles(db.dialect),
  '0004_uploads': uploads(db.dialect),
  '0005_card_accounts': cardAccounts(db.dialect),
  '0006_article_search_index': articleSearchIndex(db.dialect),
  '0007_article_totals': articleTotals(db.dialect),
  '0008_site_version': siteVersion(db.dialect),
  '0009_article_search': articleSearch(db.dialect),
  '0010_username_case': usernameCase(),
  '0011_image_order_schedule': imageOrderSchedule(),
  '0012_certification_logo_settings': certificationLogoSettings({
    certificationUrl: DEFAULT_CERTIFICATION_URL,
    logoImage: '',
  }),
  '0013_document_uploads': documentUploads(db.dialect),
  '0014_captcha_challenge': captchaChallenge(),
  '0015_institutions': institutions(db.dialect),
  '0016_credit_ledger': creditLedger(db.dialect),
  '0017_proofs': proofs(db.dialect),
  '0019_second_factor': secondFactor(),
  '0020_sso_code': ssoCode(),
  '0021_holder_ledger_version': holderLedgerVersions(db.dialect),
  '0022_events': events(db.dialect),
  '0023_totp_time_step': totpTimeStep(),
  '0024_match_teams': matchTeams(db.dialect),
  '0025_match_team_uploads': matchTeamUploads(),
  '0026_match_results': matchResults(db.dialect),
  '0027_match_certificates': matchCertificates(db.dialect),
});

/**
 * Migrations that once ran under another name. Kysely refuses to start when a recorded migration is
 * missing from the list, so a database that recorded the old name has the record renamed first; the
 * migration itself is the same and does not run again.
 */
export const RENAMED_MIGRATIONS: Record<string, string> = { '0006_article_totals': '0007_article_totals' };

const MIGRATION_TABLE = 'kysely_migration';

const renameRecordedMigrations = async (db: Db) => {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return;
  for (const [oldName, newName] of Object.entries(RENAMED_MIGRATIONS)) {
    await sql`update ${sql.table(MIGRATION_TABLE)} set name = ${newName} where name = ${oldName}`.execute(db.kysely);
  }
};

export const migrate = async (db: Db): Promise<void> => {
  await renameRecordedMigrations(db);
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
