import type { Kysely } from 'kysely';

/**
 * The second factor (TOTP) of console and card accounts, its one-time recovery codes, the tickets that
 * carry a sign-in from its password step to its code step, a console account's forced password change,
 * a console session's recent re-authentication, and the one-time link that creates the first administrator.
 */
export const secondFactor = () => ({
  async up(db: Kysely<unknown>) {
    // `account` is `console:<id>` or `card:<card number>`: one table for both kinds of account.
    await db.schema
      .createTable('second_factor')
      .addColumn('account', 'text', (column) => column.primaryKey())
      .addColumn('secret', 'text', (column) => column.notNull())
      .addColumn('enrolled_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('recovery_code')
      .addColumn('account', 'text', (column) => column.notNull())
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('used_time', 'text')
      .addPrimaryKeyConstraint('recovery_code_pk', ['account', 'code_hash'])
      .execute();
    // Between the password and the code: only the ticket's hash is stored; an enrolment carries the
    // secret it will confirm.
    await db.schema
      .createTable('second_factor_ticket')
      .addColumn('ticket_hash', 'text', (column) => column.primaryKey())
      .addColumn('account', 'text', (column) => column.notNull())
      .addColumn('pending_secret', 'text')
      .addColumn('login_phone', 'text')
      .addColumn('tries_left', 'integer', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('second_factor_ticket_account').on('second_factor_ticket').column('account').execute();
    await db.schema
      .alterTable('console_user')
      .addColumn('must_change_password', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('console_session').addColumn('reauth_time', 'text').execute();
    await db.schema
      .createTable('setup_link')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .addColumn('used_time', 'text')
      .execute();
  },
});
