import { COLUMNS } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The sitemap protocol's ceiling for one file; past it the sitemap becomes an index of numbered files. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapUrl {
  path: string;
  /** ISO-8601 UTC; absent when nothing is known about the page's last change. */
  lastmod?: string;
}

/** A column that is a single article shows it on the column's own page; the others open `/<area>/detail/:id`. */
const ARTICLE_COLUMNS = COLUMNS.filter((column) => column.layout !== 'single');
const areaOf = (route: string) => route.split('/')[1] ?? 'news';
const DETAIL_AREA = new Map<number, string>(ARTICLE_COLUMNS.map((column) => [column.typeId, areaOf(column.route)]));
const ARTICLE_TYPE_IDS = [...DETAIL_AREA.keys()];

/** W3C date-time to the second: what every search engine reads, whatever precision the database keeps. */
export const w3cDate = (iso: string) => {
  // The database keeps ISO-8601 UTC text: cutting it is enough, and cheap over 50,000 rows.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(iso)) return `${iso.slice(0, 19)}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : `${date.toISOString().slice(0, 19)}Z`;
};

const newest = (dates: (string | undefined)[]) =>
  dates
    .filter((date): date is string => Boolean(date))
    .reduce<string | undefined>((latest, date) => (latest === undefined || date > latest ? date : latest), undefined);

/** Every list page of the portal, each dated by the newest change among the published articles it lists. */
const listPages = async (db: Kysely<Database>): Promise<SitemapUrl[]> => {
  const rows = await db
    .selectFrom('article')
    .select((eb) => ['typeId', eb.fn.max('updateTime').as('lastmod')])
    .where('published', '=', 1)
    .groupBy('typeId')
    .execute();
  const byType = new Map(
    rows.map((row) => [Number(row.typeId), row.lastmod ? w3cDate(String(row.lastmod)) : undefined]),
  );
  const all = newest([...byType.values()]);
  const education = newest(COLUMNS.filter((c) => c.route.startsWith('/education/')).map((c) => byType.get(c.typeId)));
  const pages: SitemapUrl[] = [
    { path: '/index', lastmod: all },
    { path: '/education/index', lastmod: education },
    ...COLUMNS.map((column) => ({ path: `${column.route}/${column.typeId}`, lastmod: byType.get(column.typeId) })),
  ];
  return pages.map(({ path, lastmod }) => (lastmod ? { path, lastmod } : { path }));
};

const publishedArticles = (db: Kysely<Database>) =>
  db.selectFrom('article').where('published', '=', 1).where('typeId', 'in', ARTICLE_TYPE_IDS);

const countArticles = async (db: Kysely<Database>) =>
  Number(
    (
      await publishedArticles(db)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const articleUrls = async (db: Kysely<Database>, offset: number, limit: number): Promise<SitemapUrl[]> => {
  if (limit <= 0) return [];
  const rows = await publishedArticles(db)
    .select(['id', 'typeId', 'updateTime'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => {
    const lastmod = w3cDate(row.updateTime);
    const path = `/${DETAIL_AREA.get(Number(row.typeId))}/detail/${Number(row.id)}`;
    return lastmod ? { path, lastmod } : { path };
  });
};

export type SitemapAnswer =
  | { kind: 'urlset'; urls: SitemapUrl[] }
  | { kind: 'index'; files: number }
  | { kind: 'missing' };

/**
 * The list pages first, then every published article by id. `page` 0 is `/sitemap.xml`: the whole set when
 * it fits in one file, otherwise an index of `/sitemap-1.xml` … `/sitemap-N.xml`, each holding `limit` URLs.
 */
export const sitemapPage = async (db: Kysely<Database>, page: number, limit: number): Promise<SitemapAnswer> => {
  const pages = await listPages(db);
  const total = pages.length + (await countArticles(db));
  const files = Math.ceil(total / limit);
  if (page === 0) {
    if (total <= limit) return { kind: 'urlset', urls: [...pages, ...(await articleUrls(db, 0, limit))] };
    return { kind: 'index', files };
  }
  if (total <= limit || page > files) return { kind: 'missing' };
  const start = (page - 1) * limit;
  const fromPages = pages.slice(start, start + limit);
  const articleOffset = Math.max(0, start - pages.length);
  return { kind: 'urlset', urls: [...fromPages, ...(await articleUrls(db, articleOffset, limit - fromPages.length))] };
};

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * A sitemap file as the pieces between its absolute addresses: `pieces.join(escapedOrigin)` is the file.
 * Kept this way, one rendering serves whatever name the site is reached by.
 */
export type SitemapPieces = string[];

export const urlsetPieces = (urls: SitemapUrl[]): SitemapPieces => {
  const pieces = [`${XML_HEAD}<urlset xmlns="${NS}">\n<url><loc>`];
  urls.forEach((url, index) => {
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : '';
    const next = index === urls.length - 1 ? '' : '<url><loc>';
    pieces.push(`${escapeXml(url.path)}</loc>${lastmod}</url>\n${next}`);
  });
  if (urls.length === 0) return [`${XML_HEAD}<urlset xmlns="${NS}">\n</urlset>\n`];
  pieces[pieces.length - 1] += '</urlset>\n';
  return pieces;
};

export const sitemapIndexPieces = (files: number): SitemapPieces => {
  const pieces = [`${XML_HEAD}<sitemapindex xmlns="${NS}">\n<sitemap><loc>`];
  for (let index = 1; index <= files; index += 1) {
    pieces.push(`/sitemap-${index}.xml</loc></sitemap>\n${index === files ? '</sitemapindex>\n' : '<sitemap><loc>'}`);
  }
  return pieces;
};

export const sitemapXml = (pieces: SitemapPieces, origin: string) => pieces.join(escapeXml(origin));
