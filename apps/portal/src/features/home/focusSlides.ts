import { type ArticleSummary, FOCUS_AREA } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { type Area, detailPath } from '../../shared/articles/areas';
import { HOME_SECTIONS } from './homeSections';

export interface FocusItem {
  article: ArticleSummary;
  href: string;
}

const newestFirst = (a: FocusItem, b: FocusItem) =>
  b.article.publishTime.localeCompare(a.article.publishTime) || b.article.id - a.article.id;

/**
 * The focus area's items from the home page's column lists: the newest articles with a cover when there
 * are any (`pictures`), otherwise the newest articles whatever they have, which it then shows as text.
 */
export const pickFocusItems = (lists: { area: Area; articles: ArticleSummary[] }[]) => {
  const seen = new Set<number>();
  const items: FocusItem[] = [];
  for (const { area, articles } of lists) {
    for (const article of articles) {
      if (seen.has(article.id)) continue;
      seen.add(article.id);
      items.push({ article, href: detailPath(area, article.id) });
    }
  }
  items.sort(newestFirst);
  const covered = items.filter((item) => item.article.coverImage.trim() !== '');
  return covered.length > 0
    ? { pictures: true, items: covered.slice(0, FOCUS_AREA.size) }
    : { pictures: false, items: items.slice(0, FOCUS_AREA.size) };
};

/** The focus area's items from the column lists the home page's loader fetched for its sections. */
export const focusItemsFrom = (sections: { typeId: number; articles: CallResult<{ list: ArticleSummary[] }> }[]) =>
  pickFocusItems(
    HOME_SECTIONS.map((section) => {
      const result = sections.find((loaded) => loaded.typeId === section.typeId)?.articles;
      return { area: section.area, articles: result?.ok ? result.data.list : [] };
    }),
  );

/** Below this width the small image is sharp enough, and much lighter than the full one. */
export const SMALL_MEDIA = '(max-width: 480px)';

/**
 * The head's preloads for a slide's picture: exactly the file the focus area's `<picture>` picks on each
 * screen, so the preload is never a second download.
 */
export const focusPreloads = (article: ArticleSummary) =>
  article.coverSmall
    ? [
        { href: article.coverSmall, media: SMALL_MEDIA },
        { href: article.coverImage, media: `not all and ${SMALL_MEDIA}` },
      ]
    : [{ href: article.coverImage }];
