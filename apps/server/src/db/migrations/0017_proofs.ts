import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

/**
 * Proofs of credits (学习成果证明) and their checks. A proof keeps the records it lists (their ids, in the
 * order printed) and the signed PDF as issued, so a download later is the very same document; the check
 * page reads the records as they stand now. Each public check is a row (when, never by whom), so the holder
 * sees how often and when a proof was checked.
 */
export const proofs = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credit_proof')
      .addColumn('id', idColumn(dialect))
      .addColumn('code', 'text', (column) => column.notNull().unique())
      .addColumn('card_no', 'text', (column) => column.notNull())
      .addColumn('holder_name', 'text', (column) => column.notNull())
      .addColumn('school', 'text', (column) => column.notNull())
      .addColumn('record_ids', 'text', (column) => column.notNull())
      .addColumn('record_count', 'integer', (column) => column.notNull())
      .addColumn('total_credits', 'real', (column) => column.notNull())
      .addColumn('issue_time', 'text', (column) => column.notNull())
      .addColumn('valid_until', 'text', (column) => column.notNull())
      .addColumn('revoke_time', 'text')
      .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('credit_proof_card').on('credit_proof').columns(['card_no', 'id']).execute();
    await db.schema
      .createTable('credit_proof_check')
      .addColumn('id', idColumn(dialect))
      .addColumn('proof_id', 'integer', (column) => column.notNull().references('credit_proof.id'))
      .addColumn('check_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('credit_proof_check_proof')
      .on('credit_proof_check')
      .columns(['proof_id', 'check_time'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('credit_proof_check').execute();
    await db.schema.dropTable('credit_proof').execute();
  },
});
