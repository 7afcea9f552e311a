/**
 * The content columns (栏目): each menu item's typeId names one. The server seeds and filters articles by
 * these ids; the portal's menu and routes link to them. One table, so the two can never disagree.
 */
export type ColumnLayout = 'list' | 'single' | 'care' | 'files';

export interface Column {
  typeId: number;
  key: string;
  title: string;
  enTitle: string;
  /** The route that shows it; list routes take the typeId as their segment. */
  route: string;
  layout: ColumnLayout;
}

/** typeId, key, title, English title, route, layout: one column a row. */
const COLUMN_TABLE = [
  [1, 'news', '新闻动态', 'News', '/news/list', 'list'],
  [2, 'announcements', '通知公告', 'Announcements', '/news/list', 'list'],
  [3, 'introduction', '联盟简介', 'Introduction', '/alone', 'single'],
  [4, 'charter', '联盟章程', 'Charter', '/alone', 'single'],
  [5, 'organisation', '组织机构', 'Organisation', '/alone', 'single'],
  [6, 'policies', '政策文件', 'Policies', '/news/list', 'list'],
  [7, 'care', '大家关怀', 'Care', '/care/index', 'care'],
  [8, 'contact', '联系我们', 'Contact', '/alone', 'single'],
  [9, 'education', '教育教学', 'Education', '/education/list', 'list'],
  [10, 'courses', '课程体系', 'Courses', '/education/course', 'list'],
  [11, 'textbooks', '教材资源', 'Textbooks', '/education/jc', 'list'],
  [12, 'equipment', '器材规范', 'Equipment', '/education/qc', 'list'],
  [13, 'matchNotices', '赛事通知', 'Match notices', '/match/notice', 'list'],
  [14, 'exchangeProcess', '交流流程', 'Process', '/exchange/process', 'list'],
  [15, 'exchangeStudy', '游学研学', 'Study visits', '/exchange/study', 'list'],
  [16, 'exchangeAdvance', '交流进展', 'Progress', '/exchange/advance', 'list'],
  [17, 'exchangeTerm', '学期项目', 'Term programmes', '/exchange/term', 'list'],
  [18, 'exchangeAchievements', '交流成果', 'Achievements', '/exchange/achievements', 'list'],
  [19, 'topicEducation', '专题·教育', 'Topic: education', '/topic/education/list', 'list'],
  [20, 'topicCompetition', '专题·竞赛', 'Topic: competition', '/topic/competition', 'list'],
  [21, 'topicExchange', '专题·交流', 'Topic: exchange', '/topic/exchange', 'list'],
  [22, 'special', '专栏', 'Special', '/special', 'list'],
  [23, 'files', '文件下载', 'Files', '/file', 'files'],
  [24, 'youngHelpers', '小助手', 'Young helpers', '/news/list', 'list'],
  [25, 'memberSchools', '会员学校', 'Member schools', '/news/list', 'list'],
  [26, 'councilUnits', '理事单位', 'Council units', '/news/list', 'list'],
] as const satisfies readonly (readonly [number, string, string, string, string, ColumnLayout])[];

export const COLUMNS = COLUMN_TABLE.map(([typeId, key, title, enTitle, route, layout]) => ({
  typeId,
  key,
  title,
  enTitle,
  route,
  layout,
})) satisfies readonly Column[];

export type ColumnKey = (typeof COLUMNS)[number]['key'];

export const COLUMN_BY_KEY = Object.fromEntries(COLUMNS.map((column) => [column.key, column])) as Record<
  ColumnKey,
  Column
>;
export const columnByTypeId = (typeId: number): Column | undefined =>
  COLUMNS.find((column) => column.typeId === typeId);
