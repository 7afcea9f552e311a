import type { Kysely } from 'kysely';

/**
 * Image challenges, in the database so that any process sharing it can check an answer another process
 * handed out. The answer is kept only as a keyed hash; `expires_time` lets expired rows be swept.
 */
export const captchaChallenge = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('captcha_challenge')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('answer_hash', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('expires_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('captcha_challenge_expires').on('captcha_challenge').column('expires_time').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('captcha_challenge').execute();
  },
});
