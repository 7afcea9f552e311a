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

export const urlsetXml = (origin: string, urls: SitemapUrl[]) =>
  `${XML_HEAD}<urlset xmlns="${NS}">\n${urls
    .map(
      (url) =>
        `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>\n`,
    )
    .join('')}</urlset>\n`;

export const sitemapIndexXml = (origin: string, files: number) =>
  `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${Array.from(
    { length: files },
    (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>\n`,
  ).join('')}</sitemapindex>\n`;
