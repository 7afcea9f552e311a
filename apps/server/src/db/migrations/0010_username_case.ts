import { type Kysely, sql } from 'kysely';

/**
 * Console user names are unique without regard to case: `Admin` beside `admin` would look like one
 * account in the audit log and in every list. An expression index says so on both databases.
 */
export const usernameCase = () => ({
  async up(db: Kysely<unknown>) {
    await sql`create unique index console_user_username_lower on console_user (lower(username))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index console_user_username_lower`.execute(db);
  },
});
