import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/**
 * Registration for match events: teams (参赛队伍) of an institution for one item, their members and their
 * attachments. A pupil is in at most one team per item: the member table carries the item, and a unique
 * index on (item, card) makes two schools' simultaneous submits unable to both take the same pupil.
 * Attachments are kept as files in the data folder (a video may be 200 MB); the row holds its checked kind,
 * size, hash and, for a video, the duration read from its bytes.
 */
export const matchTeams = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('match_team')
      .addColumn('id', idColumn(dialect))
      .addColumn('event_id', 'integer', (column) => column.notNull().references('match_event.id'))
      .addColumn('item_id', 'integer', (column) => column.notNull().references('match_event_item.id'))
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('coach', 'text', (column) => column.notNull())
      // draft | submitted | returned | approved
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('return_reason', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('submitted_time', 'text')
      .addColumn('reviewed_time', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    // One institution does not enter two teams of one name for the same item.
    await db.schema
      .createIndex('match_team_name')
      .on('match_team')
      .columns(['item_id', 'institution_id', 'name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('match_team_institution')
      .on('match_team')
      .columns(['institution_id', 'event_id'])
      .execute();
    await db.schema.createIndex('match_team_review').on('match_team').columns(['event_id', 'state']).execute();

    await db.schema
      .createTable('match_team_member')
      .addColumn('team_id', 'integer', (column) => column.notNull().references('match_team.id'))
      .addColumn('item_id', 'integer', (column) => column.notNull().references('match_event_item.id'))
      .addColumn('card_no', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('match_team_member_pk', ['team_id', 'card_no'])
      .execute();
    await db.schema
      .createIndex('match_team_member_item')
      .on('match_team_member')
      .columns(['item_id', 'card_no'])
      .unique()
      .execute();

    await db.schema
      .createTable('match_team_file')
      .addColumn('id', idColumn(dialect))
      .addColumn('team_id', 'integer', (column) => column.notNull().references('match_team.id'))
      // report | photo | video
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('duration_seconds', 'integer')
      .addColumn('sha256', 'text', (column) => column.notNull())
      // The file's name in the data folder's team-files directory (random, never the sent name).
      .addColumn('stored_name', 'text', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('match_team_file_team').on('match_team_file').columns(['team_id', 'kind']).execute();
  },
});
