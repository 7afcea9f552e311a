import type { Kysely } from 'kysely';

/**
 * Single sign-on codes: what a partner's return address carries instead of the session token. Only the
 * code's hash is kept, with the card it names, the return-address prefix it was issued for and when it
 * expires (60 s); a code is deleted by the one exchange it allows.
 */
export const ssoCode = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sso_code')
      .addColumn('code_hash', 'text', (column) => column.primaryKey())
      .addColumn('card_no', 'text', (column) => column.notNull())
      .addColumn('return_prefix', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('sso_code_expires').on('sso_code').column('expires_time').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sso_code').execute();
  },
});
