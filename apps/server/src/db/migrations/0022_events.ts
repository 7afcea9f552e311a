import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';
import { bumpSiteVersionOnWrite } from './0008_site_version';

/** The event tables: every write to them changes what /match shows. */
const EVENT_TABLES = ['match_event', 'match_event_item'] as const;

/**
 * Match events (赛事) and their items (项目). An event's phase is never stored: it follows from the server's
 * clock against the registration window and, once results are published (a later step), from the publication
 * time and the objection period. Items are never deleted (teams will hang on them), so their ids stay.
 */
export const events = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('match_event')
      .addColumn('id', idColumn(dialect))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('season', 'text', (column) => column.notNull())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('level', 'text', (column) => column.notNull())
      .addColumn('organizer_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('approval_no', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
      // Instants as ISO 8601 UTC text (`toISOString()`), so text order is time order on both databases.
      .addColumn('registration_opens', 'text', (column) => column.notNull())
      .addColumn('registration_closes', 'text', (column) => column.notNull())
      // A Beijing date, YYYY-MM-DD.
      .addColumn('results_from', 'text', (column) => column.notNull())
      .addColumn('objection_days', 'integer', (column) => column.notNull())
      .addColumn('catalogue_id', 'integer', (column) => column.notNull().references('credit_catalogue.id'))
      .addColumn('visible', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('results_published_time', 'text')
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    // The public list reads the visible events' windows from this index alone.
    await db.schema
      .createIndex('match_event_public')
      .on('match_event')
      .columns(['visible', 'registration_opens', 'registration_closes', 'results_published_time', 'objection_days'])
      .execute();
    await db.schema.createIndex('match_event_organizer').on('match_event').column('organizer_id').execute();

    await db.schema
      .createTable('match_event_item')
      .addColumn('id', idColumn(dialect))
      .addColumn('event_id', 'integer', (column) => column.notNull().references('match_event.id'))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('min_members', 'integer', (column) => column.notNull())
      .addColumn('max_members', 'integer', (column) => column.notNull())
      .addColumn('needs_report', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('needs_photos', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('needs_video', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('position', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('match_event_item_name')
      .on('match_event_item')
      .columns(['event_id', 'name'])
      .unique()
      .execute();

    // The public answers are cached under the site version: these bump it on every write, whoever writes.
    await bumpSiteVersionOnWrite(db, dialect, EVENT_TABLES);
  },
});
