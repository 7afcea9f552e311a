import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * How many articles each column holds, published and not, kept by triggers on every insert, update and
 * delete (whoever writes: the console, a seed, a script). A list's `total` then reads one row instead of
 * counting a column's index entries, which at 100,000 articles cost more than the page itself.
 */
export const articleTotals = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('article_total')
      .addColumn('type_id', 'integer', (column) => column.notNull())
      .addColumn('published', 'integer', (column) => column.notNull())
      .addColumn('n', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('article_total_pk', ['type_id', 'published'])
      .execute();
    await sql`insert into article_total (type_id, published, n)
      select type_id, published, count(*) from article group by type_id, published`.execute(db);

    const add = (row: 'new' | 'old', delta: 1 | -1) =>
      sql.raw(
        `insert into article_total (type_id, published, n) values (${row}.type_id, ${row}.published, ${delta})
       on conflict (type_id, published) do update set n = article_total.n + ${delta};`,
      );
    if (dialect === 'sqlite') {
      await sql`create trigger article_total_insert after insert on article begin ${add('new', 1)} end`.execute(db);
      await sql`create trigger article_total_delete after delete on article begin ${add('old', -1)} end`.execute(db);
      await sql`create trigger article_total_update after update of type_id, published on article
        begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
      return;
    }
    await sql`create function article_total_keep() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${add('old', -1)} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${add('new', 1)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger article_total_keep after insert or delete or update of type_id, published on article
      for each row execute function article_total_keep()`.execute(db);
  },
});
