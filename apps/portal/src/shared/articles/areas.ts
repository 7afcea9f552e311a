import { COLUMN_BY_KEY, columnByTypeId } from '@lianmeng/core';
import { parseTypeParam } from '@lianmeng/core/menu';

/** A feature area of the portal (news, education, match…): its breadcrumb label and where its articles open. */
export interface Area {
  key: string;
  /** The area's breadcrumb label (the news area's says 新闻). */
  title: string;
  home: string;
}

export const AREAS = {
  news: { key: 'news', title: '新闻', home: '/news/list' },
  about: { key: 'alone', title: '关于联盟', home: '/alone' },
  care: { key: 'care', title: '大家关怀', home: '/care/index' },
  education: { key: 'education', title: '教育教学', home: '/education/index' },
  match: { key: 'match', title: '赛事活动', home: '/match/notice' },
  exchange: { key: 'exchange', title: '交流活动', home: '/exchange/process' },
  topic: { key: 'topic', title: '专题', home: '/topic/education/list' },
  special: { key: 'special', title: '专栏', home: '/special' },
  file: { key: 'file', title: '文件下载', home: '/file' },
} as const satisfies Record<string, Area>;

/** The columns told in pictures: their lists show each article's cover beside its title. */
export const PICTORIAL_TYPE_IDS: ReadonlySet<number> = new Set([
  COLUMN_BY_KEY.news.typeId,
  COLUMN_BY_KEY.exchangeAchievements.typeId,
]);

export const detailPath = (area: Area, id: number) => `/${area.key}/detail/${id}`;

/**
 * The column a page shows: the typeId of its path segment (`12` or `12-3`) when it names a known column,
 * otherwise the page's default column (every route works without its segment).
 */
export const resolveColumn = (segment: string | undefined, defaultTypeId: number) => {
  const parsed = parseTypeParam(segment);
  const column = (parsed && columnByTypeId(parsed.typeId)) || columnByTypeId(defaultTypeId);
  if (!column) throw new Error(`unknown default column ${defaultTypeId}`);
  return column;
};

/** The area an article belongs to, from its column's route (search results mix every column). */
export const areaForTypeId = (typeId: number): Area => {
  const route = columnByTypeId(typeId)?.route ?? '/news/list';
  const key = route.split('/')[1];
  return Object.values(AREAS).find((area) => area.key === key) ?? AREAS.news;
};
