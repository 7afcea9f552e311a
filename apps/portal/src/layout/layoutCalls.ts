import { api, IMAGE_LIST_PAGE_SIZE, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';
import type { CallRequest } from '../app/callData';

/** Spec section 7: the layout's banner call. */
export const BANNER_REQUEST = {
  query: { pageNum: 1, pageSize: IMAGE_LIST_PAGE_SIZE },
  body: { belongSortid: IMAGE_SORT.banner, isOpen: 1 as const },
};

/** Spec section 7: the layout's partner call. */
export const PARTNER_REQUEST = {
  query: { pageSize: IMAGE_LIST_PAGE_SIZE },
  body: { belongSortid: IMAGE_SORT.partner },
};

export const SITE_SETTINGS_INPUT = {};

/** Several may be open: the newest, which the server lists first, is the one shown. */
export const openBanner = (list: ImageMessage[] | undefined) =>
  list?.find((entry) => entry.isOpen === 1 && entry.belongSortid === IMAGE_SORT.banner);

/** What the layout around every page shows: the header's hotline and filings, the banner, the partners. */
export const LAYOUT_CALLS: CallRequest[] = [
  { definition: api.site.settings, input: SITE_SETTINGS_INPUT },
  { definition: api.img.search, input: BANNER_REQUEST },
  { definition: api.img.search, input: PARTNER_REQUEST },
];
