import { type Kysely, sql } from 'kysely';

/**
 * The certification service's address and the header logo became site settings. Their rows are written with
 * the values the site used before (the certification address that was built in, no uploaded logo), so a
 * database shows exactly what it showed until an administrator changes them; a row already there is kept.
 */
export const certificationLogoSettings = (values: { certificationUrl: string; logoImage: string }) => ({
  async up(db: Kysely<unknown>) {
    const at = new Date().toISOString();
    for (const [key, value] of Object.entries(values)) {
      await sql`insert into site_setting (key, value, update_time) values (${key}, ${value}, ${at})
        on conflict (key) do nothing`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from site_setting where key in ('certificationUrl', 'logoImage')`.execute(db);
  },
});
