import { api, DEFAULT_PAGE_SIZE } from '@lianmeng/core';
import type { CallRequest } from '../../app/callData';

/**
 * The article calls of the pages, written once: a route's loader prefetches exactly the call its page then
 * asks for, so the page finds the result instead of fetching it again.
 */
export const HOME_SECTION_SIZE = 6;

export const columnPageCall = (typeId: number, pageNum: number, pageSize = DEFAULT_PAGE_SIZE) =>
  ({ definition: api.content.articles, input: { query: { typeId, pageNum, pageSize } } }) satisfies CallRequest;

export const homeSectionCall = (typeId: number) => columnPageCall(typeId, 1, HOME_SECTION_SIZE);

/** The newest article of a column (single articles, and detail routes without an id). */
export const latestOfColumnCall = (typeId: number) => columnPageCall(typeId, 1, 1);

export const articleCall = (id: number) =>
  ({ definition: api.content.article, input: { params: { id } } }) satisfies CallRequest;

export const searchCall = (keyword: string, pageNum: number) =>
  ({
    definition: api.content.articles,
    input: { query: { keyword, pageNum, pageSize: DEFAULT_PAGE_SIZE } },
  }) satisfies CallRequest;

export const pageFromSearch = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The keyword of `/search?keyword=…`, as the search page reads it. */
export const keywordFromSearch = (params: URLSearchParams) => (params.get('keyword') ?? '').trim().slice(0, 50);

/** A detail route's `:id` when it is an article id; otherwise the segment may name a column. */
export const articleIdFrom = (segment: string | undefined) =>
  segment && /^\d{1,9}$/.test(segment) ? Number(segment) : null;
