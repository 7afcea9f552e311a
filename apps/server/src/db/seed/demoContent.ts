import fs from 'node:fs/promises';
import path from 'node:path';
import { COLUMN_BY_KEY, type ColumnKey, UPLOAD_LIMITS } from '@lianmeng/core';
import { sanitizeArticleHtml } from '@lianmeng/core/articleHtml';
import type { Insertable } from 'kysely';
import sharp from 'sharp';
import { insertArticles } from '../../domains/articles/articleRepository';
import type { Db } from '../database';
import type { Database, NewArticle } from '../schema';
import { DEMO_COLUMNS } from './content';
import type { DemoArticle, DemoColumn } from './content/types';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const CONTENT_SEED_MARK = 'seed:demo-content:v1';

/** Demo dates read as Beijing time, like the real site's 2019年07月23日 15:45. */
const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** `daysAgo` days before `now` (Beijing calendar) at `time`; a time later than now moves a day back. */
export const demoPublishTime = (now: Date, daysAgo: number, time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const beijingMidnight = Math.floor((now.getTime() + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
  let at = beijingMidnight - daysAgo * DAY_MS + (hours * 60 + minutes) * 60_000;
  if (at > now.getTime()) at -= DAY_MS;
  return new Date(at).toISOString();
};

const PALETTE = ['#0b4ea2', '#c8102e', '#0f7b6c', '#e37b00', '#5b3e96', '#00739d', '#8a1538', '#2f6f1e'];

/** The demo covers' size, also written on the article photos so a reader's page does not shift as they load. */
const COVER_SIZE = { width: 480, height: 270 } as const;

/** A cover: shapes only, so it renders the same whatever fonts the machine has. */
const coverSvg = (index: number) => {
  const colour = PALETTE[index % PALETTE.length];
  const accent = PALETTE[(index + 3) % PALETTE.length];
  const gears = Array.from({ length: 4 }, (_, i) => {
    const r = 18 + ((index * 13 + i * 29 + Math.floor(index / PALETTE.length) * 7) % 40);
    return `<circle cx="${60 + i * 120}" cy="${200 - (i % 2) * 70}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="8" stroke-dasharray="10 6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE.width}" height="${COVER_SIZE.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${gears}
  <rect x="300" y="70" width="110" height="90" rx="16" fill="${accent}"/>
  <circle cx="330" cy="105" r="10" fill="#ffffff"/><circle cx="380" cy="105" r="10" fill="#ffffff"/>
  <rect x="325" y="135" width="60" height="8" rx="4" fill="#ffffff"/>
  <rect x="350" y="40" width="10" height="30" fill="${accent}"/><circle cx="355" cy="36" r="8" fill="#ffd54a"/></svg>`;
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');

export const demoBodyHtml = (article: DemoArticle, coverImage: string) => {
  const [opening = '', ...rest] = article.paragraphs;
  const photo = article.photoCaption
    ? `<figure><img src="${coverImage}" alt="${escapeHtml(article.photoCaption)}" width="${COVER_SIZE.width}" height="${COVER_SIZE.height}" /><figcaption>${escapeHtml(article.photoCaption)}</figcaption></figure>`
    : '';
  const english = article.english?.length ? `<h2>English version</h2>${paragraphsHtml(article.english)}` : '';
  return sanitizeArticleHtml(`${paragraphsHtml([opening])}${photo}${paragraphsHtml(rest)}${english}`);
};

/**
 * The columns whose lists show pictures: each of their articles gets a cover of its own, so the home
 * page's focus area and their lists do not repeat one picture. Every other column shares one cover.
 */
const PICTORIAL: readonly ColumnKey[] = ['news', 'exchangeAchievements'];

type NewUpload = Insertable<Database['upload']>;

/**
 * Renders a cover and its small image the way an editor's upload makes them (fitted inside the small box,
 * never enlarged), and the upload row that lets the article lists hand out the small one with its size.
 */
const renderCover = async (uploadDir: string, name: string, index: number, at: string) => {
  const photoFile = `${name}.png`;
  const smallFile = `${name}-small.png`;
  const photo = await sharp(Buffer.from(coverSvg(index)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  const small = await sharp(photo)
    .resize({
      width: UPLOAD_LIMITS.small.widthPx,
      height: UPLOAD_LIMITS.small.heightPx,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await fs.writeFile(path.join(uploadDir, photoFile), photo);
  await fs.writeFile(path.join(uploadDir, smallFile), small);
  const upload: NewUpload = {
    photoFile,
    smallFile,
    width: COVER_SIZE.width,
    height: COVER_SIZE.height,
    bytes: photo.length,
    userId: null,
    createTime: at,
  };
  return { address: `/uploads/${photoFile}`, upload };
};

/** Writes every cover and every attachment into the upload folder; returns the article and upload rows. */
const buildRows = async (columns: readonly DemoColumn[], uploadDir: string, now: Date) => {
  await fs.mkdir(uploadDir, { recursive: true });
  const at = now.toISOString();
  const rows: NewArticle[] = [];
  const uploads: NewUpload[] = [];
  for (const [index, column] of columns.entries()) {
    const { typeId } = COLUMN_BY_KEY[column.key];
    const shared = await renderCover(uploadDir, `demo-cover-${column.key}`, index, at);
    uploads.push(shared.upload);
    for (const [position, article] of column.articles.entries()) {
      let coverImage = shared.address;
      if (PICTORIAL.includes(column.key) && position > 0) {
        const own = await renderCover(uploadDir, `demo-cover-${column.key}-${position + 1}`, index + position * 3, at);
        uploads.push(own.upload);
        coverImage = own.address;
      }
      const attachments = [];
      for (const file of article.attachments ?? []) {
        const bytes = file.content();
        await fs.writeFile(path.join(uploadDir, file.fileName), bytes);
        attachments.push({ name: file.name, url: `/uploads/${file.fileName}`, size: bytes.length });
      }
      rows.push({
        typeId,
        title: article.title,
        summary: article.summary,
        body: demoBodyHtml(article, coverImage),
        publishTime: demoPublishTime(now, article.daysAgo, article.time),
        source: article.source ?? column.source,
        author: article.author ?? column.author,
        coverImage,
        attachments: JSON.stringify(attachments),
        published: 1,
        createTime: at,
        updateTime: at,
      });
    }
  }
  return { rows, uploads };
};

/** Seeds the demo articles of every column once per database; returns whether this call seeded them. */
export const seedDemoContent = async (
  db: Db,
  options: { dataDir: string; now: Date; columns?: readonly DemoColumn[] },
): Promise<boolean> => {
  if (await hasSeedMark(db.kysely, CONTENT_SEED_MARK)) return false;
  const { rows, uploads } = await buildRows(
    options.columns ?? DEMO_COLUMNS,
    path.join(options.dataDir, 'uploads'),
    options.now,
  );
  return db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, CONTENT_SEED_MARK, options.now.toISOString());
      await insertArticles(trx, rows);
      await trx.insertInto('upload').values(uploads).execute();
      return true;
    })
    .catch(async (error: unknown) => {
      if (await hasSeedMark(db.kysely, CONTENT_SEED_MARK)) return false;
      throw error;
    });
};
