import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/** Card holders, their credit records, card tokens, SMS codes, attempt counters and the payload replay guard. */
export const cardAccounts = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_holder')
      .addColumn('card_no', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('school', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('operator', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('institution', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('card_holder_phone').on('card_holder').column('phone').execute();

    await db.schema
      .createTable('credit_record')
      .addColumn('id', idColumn(dialect))
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      .addColumn('date', 'text', (column) => column.notNull())
      .addColumn('activity', 'text', (column) => column.notNull())
      .addColumn('category', 'text', (column) => column.notNull())
      // Credits come in halves; an exact decimal is not needed, but a float4 would round on PostgreSQL.
      .addColumn('credits', dialect === 'postgres' ? sql`double precision` : 'real', (column) => column.notNull())
      .addColumn('issuer', 'text', (column) => column.notNull())
      .addColumn('certificate_no', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('credit_record_card_date').on('credit_record').columns(['card_no', 'date']).execute();

    await db.schema
      .createTable('card_token')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      // Set when the log-in was by phone: any card of that phone may then be read with this token.
      .addColumn('login_phone', 'text')
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('last_seen_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('card_token_card').on('card_token').column('card_no').execute();

    await db.schema
      .createTable('sms_code')
      .addColumn('phone', 'text', (column) => column.primaryKey())
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('tries_left', 'integer', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('attempt_event')
      .addColumn('id', idColumn(dialect))
      .addColumn('rule', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('attempt_event_rule_subject_time')
      .on('attempt_event')
      .columns(['rule', 'subject', 'create_time'])
      .execute();

    await db.schema
      .createTable('payload_replay_guard')
      .addColumn('digest', 'text', (column) => column.primaryKey())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();
  },
});
