import type { ColumnKey } from '@lianmeng/core';

/** A file generated at seed time into the upload folder and listed as an article's attachment. */
export interface DemoAttachment {
  /** The name the visitor sees and downloads. */
  name: string;
  /** The stored file name under /uploads/ (ASCII, so its url needs no encoding). */
  fileName: string;
  content: () => Buffer;
}

export interface DemoArticle {
  title: string;
  summary: string;
  /** Plain-text paragraphs; the seeder escapes them and wraps each in <p>. */
  paragraphs: string[];
  /** An English version of the text, shown under the Chinese one. */
  english?: string[];
  /** Days before the first start, and the Beijing time of day (HH:MM) it went out. */
  daysAgo: number;
  time: string;
  source?: string;
  author?: string;
  /** A news photo: the column's cover picture with this caption, after the opening paragraph. */
  photoCaption?: string;
  attachments?: DemoAttachment[];
}

export interface DemoColumn {
  key: ColumnKey;
  /** Defaults for the column's articles. */
  source: string;
  author: string;
  articles: DemoArticle[];
}
