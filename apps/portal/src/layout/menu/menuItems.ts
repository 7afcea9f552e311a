import { COLUMN_BY_KEY, type ColumnKey, DEFAULT_CERTIFICATION_URL } from '@lianmeng/core';
import { formatTypeParam, parseTypeParam } from '@lianmeng/core/menu';
import { isExternal, safeHref } from '../../shared/safeUrl';

/** The spec's menu item (section 3): every field it names, so the menu can be driven by data. */
export interface MenuItem {
  level: 1 | 2;
  title: string;
  breadcrumb: string;
  enTitle: string;
  icon: string;
  url: string;
  /** An address outside the portal, opened in a new tab. */
  outUrl: string;
  typeId: number | null;
  open: boolean;
  selected: boolean;
  disabled: boolean;
  isShow: boolean;
  hideChildren: boolean;
  children: MenuItem[];
}

const item = (fields: Partial<MenuItem> & Pick<MenuItem, 'title' | 'enTitle'>): MenuItem => ({
  level: 1,
  breadcrumb: fields.title,
  icon: '',
  url: '',
  outUrl: '',
  typeId: null,
  open: false,
  selected: false,
  disabled: false,
  isShow: true,
  hideChildren: false,
  children: [],
  ...fields,
});

/** A menu item for one content column: its typeId travels as the path segment, joined with its index. */
const columnItem = (key: ColumnKey, index: number, level: 1 | 2 = 2): MenuItem => {
  const column = COLUMN_BY_KEY[key];
  return item({
    level,
    title: column.title,
    breadcrumb: column.title,
    enTitle: column.enTitle,
    typeId: column.typeId,
    url: `${column.route}/${formatTypeParam({ typeId: column.typeId, index })}`,
  });
};

const withChildren = (parent: MenuItem, keys: ColumnKey[]): MenuItem => ({
  ...parent,
  children: keys.map((key, index) => columnItem(key, index)),
});

/** The portal's menu: seven visible top items (two with children) and six hidden ones. */
export const MENU: MenuItem[] = [
  item({ title: '首页', enTitle: 'Home', icon: 'home', url: '/index' }),
  withChildren(
    item({ title: '关于联盟', enTitle: 'About', icon: 'about', url: '/alone/3', typeId: 3, breadcrumb: '关于联盟' }),
    ['introduction', 'charter', 'organisation', 'policies', 'care', 'contact'],
  ),
  withChildren(
    item({ title: '新闻公告', enTitle: 'News', icon: 'news', url: '/news/list/1', typeId: 1, breadcrumb: '新闻' }),
    ['news', 'announcements'],
  ),
  item({ title: '教育教学', enTitle: 'Education', icon: 'education', url: '/education/index/9', typeId: 9 }),
  item({ title: '赛事活动', enTitle: 'Matches', icon: 'match', url: '/match/notice/13', typeId: 13 }),
  item({ title: '交流活动', enTitle: 'Exchange', icon: 'exchange', url: '/exchange/process/14', typeId: 14 }),
  // The certification service is outside the portal; its address is a site setting (see withCertificationUrl).
  item({ title: '测评认证', enTitle: 'Certification', icon: 'certification', outUrl: DEFAULT_CERTIFICATION_URL }),
  item({ title: '学分银行', enTitle: 'Credit bank', url: '/creditBank/info', isShow: false }),
  item({ title: '栏目', enTitle: 'Columns', url: '/special/22', typeId: 22, isShow: false }),
  item({ title: '专题', enTitle: 'Topics', url: '/topic/education/list/19', typeId: 19, isShow: false }),
  { ...columnItem('youngHelpers', 0, 1), isShow: false },
  { ...columnItem('memberSchools', 0, 1), isShow: false },
  { ...columnItem('councilUnits', 0, 1), isShow: false },
];

/**
 * The certification service's address as the administrator set it. A value that is not an http(s) address
 * (the server refuses one, but a link never runs a script) gives the built-in address.
 */
export const certificationAddress = (url: string | null | undefined) => {
  const address = safeHref(url);
  return address && isExternal(address) ? address : DEFAULT_CERTIFICATION_URL;
};

/** The menu with its 测评认证 item pointing at the certification address of the site settings. */
export const withCertificationUrl = (items: MenuItem[], url: string | null | undefined): MenuItem[] => {
  const outUrl = certificationAddress(url);
  return items.map((entry) => (entry.icon === 'certification' ? { ...entry, outUrl } : entry));
};

export const visibleMenu = (items: MenuItem[] = MENU) =>
  items
    .filter((entry) => entry.isShow)
    .map((entry) => ({ ...entry, children: entry.children.filter((c) => c.isShow) }));

const areaOf = (path: string) => path.split('/')[1] ?? '';

/** Whether a menu item is the current page's (its `selected` state, worked out from the path). */
export const isSelected = (entry: MenuItem, pathname: string): boolean => {
  if (entry.children.length > 0) return entry.children.some((child) => isSelected(child, pathname));
  if (!entry.url) return false;
  if (entry.level === 1) return areaOf(entry.url) === areaOf(pathname);
  const base = entry.url.replace(/\/[\d-]+$/, '');
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const segment = parseTypeParam(pathname.slice(base.length + 1).split('/')[0]);
  return segment === null || segment.typeId === entry.typeId;
};
