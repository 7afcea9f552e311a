import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';
import { bumpSiteVersionOnWrite } from './0008_site_version';

/**
 * Results made final (成绩生效): once an event's objection period is over and every objection answered, an
 * operator makes its results final in one step. Each member of an awarded team gets a certificate (证书) with
 * a number of its own and a credit posted to the ledger; `match_certificate` ties the number to the event,
 * the team, the member and the ledger record, so the certificate can be printed and checked by number and
 * name. A team carried into the next level's event (晋级) remembers the team it came from.
 */
export const matchCertificates = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('match_event').addColumn('results_final_time', 'text').execute();
    await db.schema.alterTable('match_event').addColumn('finalised_by', 'text').execute();
    await db.schema
      .alterTable('match_team')
      .addColumn('carried_from_team_id', 'integer', (column) => column.references('match_team.id'))
      .execute();
    await db.schema.createIndex('match_team_carried_from').on('match_team').column('carried_from_team_id').execute();

    await db.schema
      .createTable('match_certificate')
      .addColumn('id', idColumn(dialect))
      .addColumn('certificate_no', 'text', (column) => column.notNull())
      .addColumn('event_id', 'integer', (column) => column.notNull().references('match_event.id'))
      .addColumn('team_id', 'integer', (column) => column.notNull().references('match_team.id'))
      .addColumn('card_no', 'text', (column) => column.notNull())
      // The holder's name as it was when the results became final: the certificate prints it.
      .addColumn('holder_name', 'text', (column) => column.notNull())
      // first | second | third | merit
      .addColumn('award', 'text', (column) => column.notNull())
      .addColumn('record_id', 'integer', (column) => column.notNull().references('credit_record.id'))
      .addColumn('issue_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('match_certificate_no')
      .on('match_certificate')
      .column('certificate_no')
      .unique()
      .execute();
    // One certificate per member of a team: a second finalisation can never double them.
    await db.schema
      .createIndex('match_certificate_member')
      .on('match_certificate')
      .columns(['team_id', 'card_no'])
      .unique()
      .execute();
    await db.schema.createIndex('match_certificate_card').on('match_certificate').column('card_no').execute();
    await db.schema.createIndex('match_certificate_event').on('match_certificate').column('event_id').execute();

    await bumpSiteVersionOnWrite(db, dialect, ['match_certificate']);
  },
});
