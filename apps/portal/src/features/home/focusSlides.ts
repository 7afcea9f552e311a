import { type ArticleSummary, FOCUS_AREA } from '@lianmeng/core';
import { callKey, type PrefetchedLookup, usePrefetched } from '../../app/callData';
import { type Area, detailPath } from '../../shared/articles/areas';
import { homeSectionCall } from '../../shared/articles/articleCalls';
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

/** The focus area's items from the column lists a home page's loader fetched, as `lookup` finds them. */
export const focusItemsFrom = (lookup: PrefetchedLookup) =>
  pickFocusItems(
    HOME_SECTIONS.map((section) => {
      const { definition, input } = homeSectionCall(section.typeId);
      const result = lookup(callKey(definition, input));
      const articles = result?.ok ? (result.data as { list: ArticleSummary[] }).list : [];
      return { area: section.area, articles };
    }),
  );

/**
 * The focus area reads the lists the home page's loader already fetched for its column sections (on the
 * server for the first page): it makes no call of its own, so hydration fetches nothing.
 */
export const useFocusItems = () => focusItemsFrom(usePrefetched());
