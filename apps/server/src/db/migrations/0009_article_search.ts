import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { SEARCH_ID_MASK } from '../searchGrams';

/**
 * Keyword search (title or summary contains the keyword) by index instead of by reading every row.
 *
 * SQLite: an FTS5 table of the published articles' single characters, pairs and triples
 * (db/searchGrams.ts), with the column as a token too, so a search, its filter and its count are all
 * answered inside the index; its rowid sorts newest first. Triggers keep it in step with every write to `article`.
 *
 * PostgreSQL: trigram GIN indexes for keywords of three characters and more (`ilike` uses them), and a GIN
 * index over each text's single characters and pairs for one- and two-character keywords, which trigrams
 * cannot serve.
 */
export const articleSearch = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      const gramsOf = (row: 'new' | 'old' | '') => {
        const column = (name: string) => (row ? `${row}.${name}` : name);
        return ['chars', 'pairs', 'triples']
          .flatMap((kind) => [`lm_search_${kind}(${column('title')})`, `lm_search_${kind}(${column('summary')})`])
          .join(', ');
      };
      await sql`create virtual table article_fts using fts5(
        title_chars, summary_chars, title_pairs, summary_pairs, title_triples, summary_triples, facets,
        content='', contentless_delete=1, tokenize='unicode61', detail='full')`.execute(db);
      // Only published articles are searched by the public, so only they are indexed: a search then needs
      // no "published" condition, which would be a list as long as the table to intersect with.
      const entry = (row: 'new' | 'old') =>
        sql.raw(`insert into article_fts (rowid, title_chars, summary_chars, title_pairs, summary_pairs,
            title_triples, summary_triples, facets)
          select lm_search_key(${row}.publish_time, ${row}.id), ${gramsOf(row)}, 't' || ${row}.type_id
          where ${row}.published = 1;`);
      const removal = (row: 'new' | 'old') =>
        sql.raw(`delete from article_fts where rowid = lm_search_key(${row}.publish_time, ${row}.id);`);
      // The rowid keeps the article id in its low bits; a larger id would collide with another article.
      const idLimit = sql.raw(
        `select raise(abort, 'article id too large for the search index') where new.id > ${SEARCH_ID_MASK};`,
      );
      await sql`create trigger article_fts_insert after insert on article begin ${idLimit} ${entry('new')} end`.execute(
        db,
      );
      await sql`create trigger article_fts_delete after delete on article begin ${removal('old')} end`.execute(db);
      await sql`create trigger article_fts_update
        after update of title, summary, publish_time, published, type_id on article
        begin ${removal('old')} ${entry('new')} end`.execute(db);
      await sql`insert into article_fts (rowid, title_chars, summary_chars, title_pairs, summary_pairs,
          title_triples, summary_triples, facets)
        select lm_search_key(publish_time, id), ${sql.raw(gramsOf(''))}, 't' || type_id
        from article where published = 1`.execute(db);
      return;
    }
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index article_title_trgm on article using gin (title gin_trgm_ops)`.execute(db);
    await sql`create index article_summary_trgm on article using gin (summary gin_trgm_ops)`.execute(db);
    await sql`create function lm_short_grams(text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct gram), '{}') from (
        select substr(lower($1), i, 1) as gram from generate_series(1, char_length($1)) as i
        union all
        select substr(lower($1), i, 2) from generate_series(1, char_length($1) - 1) as i
      ) as grams $$`.execute(db);
    await sql`create index article_title_short_grams on article using gin (lm_short_grams(title))`.execute(db);
    await sql`create index article_summary_short_grams on article using gin (lm_short_grams(summary))`.execute(db);
  },
});
