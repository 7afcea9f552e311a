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

export const COLUMNS = [
  { typeId: 1, key: 'news', title: '新闻动态', enTitle: 'News', route: '/news/list', layout: 'list' },
  { typeId: 2, key: 'announcements', title: '通知公告', enTitle: 'Announcements', route: '/news/list', layout: 'list' },
  { typeId: 3, key: 'introduction', title: '联盟简介', enTitle: 'Introduction', route: '/alone', layout: 'single' },
  { typeId: 4, key: 'charter', title: '联盟章程', enTitle: 'Charter', route: '/alone', layout: 'single' },
  { typeId: 5, key: 'organisation', title: '组织机构', enTitle: 'Organisation', route: '/alone', layout: 'single' },
  { typeId: 6, key: 'policies', title: '政策文件', enTitle: 'Policies', route: '/news/list', layout: 'list' },
  { typeId: 7, key: 'care', title: '大家关怀', enTitle: 'Care', route: '/care/index', layout: 'care' },
  { typeId: 8, key: 'contact', title: '联系我们', enTitle: 'Contact', route: '/alone', layout: 'single' },
  { typeId: 9, key: 'education', title: '教育教学', enTitle: 'Education', route: '/education/list', layout: 'list' },
  { typeId: 10, key: 'courses', title: '课程体系', enTitle: 'Courses', route: '/education/course', layout: 'list' },
  { typeId: 11, key: 'textbooks', title: '教材资源', enTitle: 'Textbooks', route: '/education/jc', layout: 'list' },
  { typeId: 12, key: 'equipment', title: '器材规范', enTitle: 'Equipment', route: '/education/qc', layout: 'list' },
  {
    typeId: 13,
    key: 'matchNotices',
    title: '赛事通知',
    enTitle: 'Match notices',
    route: '/match/notice',
    layout: 'list',
  },
  {
    typeId: 14,
    key: 'exchangeProcess',
    title: '交流流程',
    enTitle: 'Process',
    route: '/exchange/process',
    layout: 'list',
  },
  {
    typeId: 15,
    key: 'exchangeStudy',
    title: '游学研学',
    enTitle: 'Study visits',
    route: '/exchange/study',
    layout: 'list',
  },
  {
    typeId: 16,
    key: 'exchangeAdvance',
    title: '交流进展',
    enTitle: 'Progress',
    route: '/exchange/advance',
    layout: 'list',
  },
  {
    typeId: 17,
    key: 'exchangeTerm',
    title: '学期项目',
    enTitle: 'Term programmes',
    route: '/exchange/term',
    layout: 'list',
  },
  {
    typeId: 18,
    key: 'exchangeAchievements',
    title: '交流成果',
    enTitle: 'Achievements',
    route: '/exchange/achievements',
    layout: 'list',
  },
  {
    typeId: 19,
    key: 'topicEducation',
    title: '专题·教育',
    enTitle: 'Topic: education',
    route: '/topic/education/list',
    layout: 'list',
  },
  {
    typeId: 20,
    key: 'topicCompetition',
    title: '专题·竞赛',
    enTitle: 'Topic: competition',
    route: '/topic/competition',
    layout: 'list',
  },
  {
    typeId: 21,
    key: 'topicExchange',
    title: '专题·交流',
    enTitle: 'Topic: exchange',
    route: '/topic/exchange',
    layout: 'list',
  },
  { typeId: 22, key: 'special', title: '专栏', enTitle: 'Special', route: '/special', layout: 'list' },
  { typeId: 23, key: 'files', title: '文件下载', enTitle: 'Files', route: '/file', layout: 'files' },
  { typeId: 24, key: 'youngHelpers', title: '小助手', enTitle: 'Young helpers', route: '/news/list', layout: 'list' },
  {
    typeId: 25,
    key: 'memberSchools',
    title: '会员学校',
    enTitle: 'Member schools',
    route: '/news/list',
    layout: 'list',
  },
  { typeId: 26, key: 'councilUnits', title: '理事单位', enTitle: 'Council units', route: '/news/list', layout: 'list' },
] as const satisfies readonly Column[];

export type ColumnKey = (typeof COLUMNS)[number]['key'];

export const COLUMN_BY_KEY = Object.fromEntries(COLUMNS.map((column) => [column.key, column])) as Record<
  ColumnKey,
  Column
>;
export const columnByTypeId = (typeId: number): Column | undefined =>
  COLUMNS.find((column) => column.typeId === typeId);
