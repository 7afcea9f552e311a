import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/**
 * Institutions, the accounts that act for them, cards opened from their rosters and activated by their
 * holders, and the guardians' consents.
 */
export const institutions = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('institution')
      .addColumn('id', idColumn(dialect))
      .addColumn('code', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('province', 'text', (column) => column.notNull())
      .addColumn('city', 'text', (column) => column.notNull())
      .addColumn('county', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('institution_code').on('institution').column('code').unique().execute();

    // The holder's roster facts. Cards that existed before are active; a card opened from a roster is
    // pending (no phone, no password) until its holder activates it.
    await db.schema
      .alterTable('card_holder')
      .addColumn('institution_id', 'integer', (column) => column.references('institution.id'))
      .execute();
    await db.schema
      .alterTable('card_holder')
      .addColumn('activation_state', 'text', (column) => column.notNull().defaultTo('active'))
      .execute();
    await db.schema.alterTable('card_holder').addColumn('activated_time', 'text').execute();
    await db.schema.alterTable('card_holder').addColumn('birth_date', 'text').execute();
    await db.schema
      .alterTable('card_holder')
      .addColumn('gender', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('card_holder')
      .addColumn('grade', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('card_holder')
      .addColumn('roster_phone', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('card_holder')
      .addColumn('guardian_phone', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
    // A roster row matches an existing holder by name, birth date and phone.
    await db.schema.createIndex('card_holder_name_birth').on('card_holder').columns(['name', 'birth_date']).execute();
    await db.schema.createIndex('card_holder_institution').on('card_holder').column('institution_id').execute();

    await db.schema
      .createTable('roster_batch')
      .addColumn('id', idColumn(dialect))
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('file_hash', 'text', (column) => column.notNull())
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('row_count', 'integer', (column) => column.notNull())
      .addColumn('opened', 'integer', (column) => column.notNull())
      .addColumn('linked', 'integer', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    // The same file committed twice by one institution opens nothing the second time.
    await db.schema
      .createIndex('roster_batch_institution_file')
      .on('roster_batch')
      .columns(['institution_id', 'file_hash'])
      .unique()
      .execute();

    await db.schema
      .createTable('institution_member')
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      .addColumn('how', 'text', (column) => column.notNull())
      .addColumn('batch_id', 'integer', (column) => column.references('roster_batch.id'))
      .addColumn('link_time', 'text', (column) => column.notNull())
      // The holder's activation state, kept here too (activation updates both in one transaction), so the
      // list is filtered and counted by it from an index of this table alone.
      .addColumn('activation_state', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('institution_member_pk', ['institution_id', 'card_no'])
      .execute();
    // The people list: one institution's members, newest first, a page at a time.
    await db.schema
      .createIndex('institution_member_list')
      .on('institution_member')
      .columns(['institution_id', 'link_time', 'card_no'])
      .execute();
    await db.schema
      .createIndex('institution_member_state')
      .on('institution_member')
      .columns(['institution_id', 'activation_state', 'link_time', 'card_no'])
      .execute();
    await db.schema.createIndex('institution_member_card').on('institution_member').column('card_no').execute();
    await db.schema.createIndex('institution_member_batch').on('institution_member').column('batch_id').execute();

    // One live code per card: a new one replaces the row, so the old one dies.
    await db.schema
      .createTable('activation_code')
      .addColumn('card_no', 'text', (column) =>
        column.primaryKey().references('card_holder.card_no').onDelete('cascade'),
      )
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .addColumn('used_time', 'text')
      .execute();

    await db.schema
      .createTable('guardian_consent')
      .addColumn('id', idColumn(dialect))
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      .addColumn('guardian_name', 'text', (column) => column.notNull())
      .addColumn('relation', 'text', (column) => column.notNull())
      .addColumn('guardian_phone', 'text', (column) => column.notNull())
      .addColumn('consent_version', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('consent_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('guardian_consent_card').on('guardian_consent').column('card_no').execute();

    // The next card number to hand out. It only moves forward, so a number is never handed out twice;
    // a commit updates it in its own transaction, so two processes never take the same one.
    await db.schema
      .createTable('card_no_counter')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('next_no', 'integer', (column) => column.notNull())
      .execute();
    await sql`insert into card_no_counter (name, next_no) values ('card', 10000001)`.execute(db);

    await db.schema
      .createTable('institution_import')
      .addColumn('file_hash', 'text', (column) => column.primaryKey())
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('created', 'integer', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
  },
});
