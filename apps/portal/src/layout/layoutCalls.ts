import { IMAGE_LIST_PAGE_SIZE, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';

/** The id of the layout route, whose loader (`layoutLoader`) fetches what the layout around every page shows. */
export const LAYOUT_ROUTE_ID = 'layout';

/** The layout's banner call: the open banners, all in one page. */
export const BANNER_REQUEST = {
  query: { pageNum: 1, pageSize: IMAGE_LIST_PAGE_SIZE },
  body: { belongSortid: IMAGE_SORT.banner, isOpen: 1 as const },
};

/** The layout's partner call: every partner in one page. */
export const PARTNER_REQUEST = {
  query: { pageSize: IMAGE_LIST_PAGE_SIZE },
  body: { belongSortid: IMAGE_SORT.partner },
};

export const SITE_SETTINGS_INPUT = {};

/** Several may be open: the newest, which the server lists first, is the one shown. */
export const openBanner = (list: ImageMessage[] | undefined) =>
  list?.find((entry) => entry.isOpen === 1 && entry.belongSortid === IMAGE_SORT.banner);
