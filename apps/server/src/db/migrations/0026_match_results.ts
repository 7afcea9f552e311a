import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';
import { bumpSiteVersionOnWrite } from './0008_site_version';

/** The results tables: once published they are on the event's public page (公示). */
const RESULT_TABLES = ['match_result', 'match_objection'] as const;

/**
 * Results (成绩) of match events and objections (异议) to them. A result belongs to one admitted team (its
 * rank and award, either may be empty); an event's results are published once, by setting the event's
 * `results_published_time`, and are fixed from then on. An objection names the team whose result it disputes
 * and the institution that raised it; the organiser answers it once, publicly.
 */
export const matchResults = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('match_result')
      .addColumn('team_id', 'integer', (column) => column.primaryKey().references('match_team.id'))
      .addColumn('event_id', 'integer', (column) => column.notNull().references('match_event.id'))
      .addColumn('item_id', 'integer', (column) => column.notNull().references('match_event_item.id'))
      .addColumn('rank', 'integer')
      // first | second | third | merit
      .addColumn('award', 'text')
      .addColumn('entered_by', 'text', (column) => column.notNull())
      .addColumn('entered_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('match_result_event')
      .on('match_result')
      .columns(['event_id', 'item_id', 'rank'])
      .execute();

    await db.schema
      .createTable('match_objection')
      .addColumn('id', idColumn(dialect))
      .addColumn('event_id', 'integer', (column) => column.notNull().references('match_event.id'))
      .addColumn('team_id', 'integer', (column) => column.notNull().references('match_team.id'))
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('received_time', 'text', (column) => column.notNull())
      .addColumn('answer', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('answered_time', 'text')
      .addColumn('answered_by', 'text')
      .execute();
    await db.schema
      .createIndex('match_objection_event')
      .on('match_objection')
      .columns(['event_id', 'received_time'])
      .execute();
    await db.schema.createIndex('match_objection_institution').on('match_objection').column('institution_id').execute();

    await bumpSiteVersionOnWrite(db, dialect, RESULT_TABLES);
  },
});
