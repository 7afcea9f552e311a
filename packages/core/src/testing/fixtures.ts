import type { CreditRecord } from '../contract/creditBank';
import type { CatalogueItem } from '../contract/credits';
import type { ConsoleEvent, EventDetail, EventItem, EventSummary } from '../contract/events';

/** An active catalogue item (an exam that needs evidence) as the server answers it, for the apps' tests. */
export const catalogueItemFixture = (overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  id: 3,
  code: 'EXAM-3',
  name: '机器人运动等级考试（三级）',
  kind: 'exam',
  kindLabel: '等级考试',
  level: '三级',
  defaultCredits: 3,
  maxCredits: 3,
  evidenceRequired: true,
  status: 'active',
  createTime: '2026-11-01T02:00:00.000Z',
  updateTime: '2026-11-01T02:00:00.000Z',
  ...overrides,
});

/**
 * A posted record as its holder sees it, numbered `id`: odd ids are competition awards, even ones training,
 * dated within the year by the id.
 */
export const holderRecordFixture = (id: number, overrides: Partial<CreditRecord> = {}): CreditRecord => ({
  id,
  date: `2026-0${(id % 9) + 1}-15`,
  activity: `活动 ${id}`,
  category: id % 2 ? '竞赛获奖' : '培训研修',
  credits: 2,
  issuer: '联盟秘书处',
  certificateNo: `LM${id}`,
  kind: id % 2 ? '竞赛' : '培训',
  level: '省级',
  itemName: `活动 ${id}`,
  institutionName: '北京市第一中学',
  postedDate: `2026-0${(id % 9) + 1}-16`,
  reviewingUnit: '联盟认证中心',
  hasEvidence: false,
  state: 'posted',
  stateLabel: '已入账',
  reversal: null,
  objection: null,
  canObject: false,
  ...overrides,
});

/** One item of an event: robot football for teams of two to four, with a design report. */
export const eventItemFixture = (overrides: Partial<EventItem> = {}): EventItem => ({
  id: 11,
  name: '机器人足球',
  minMembers: 2,
  maxMembers: 4,
  needsReport: true,
  needsPhotos: false,
  needsVideo: false,
  ...overrides,
});

/**
 * A provincial event open for registration as the public list shows it: the window opened on 1 March and
 * closes on 31 March 2027 at 18:00 Beijing time (10:00 UTC).
 */
export const eventSummaryFixture = (overrides: Partial<EventSummary> = {}): EventSummary => ({
  id: 7,
  name: '2027 年全国学校体育联盟机器人运动会（省级·常规类）',
  season: '2027',
  type: 'regular',
  typeLabel: '常规类',
  level: '省级',
  organizerName: '北京市第一中学',
  approvalNo: '教基司函〔2027〕1 号',
  registrationOpens: '2027-03-01T00:00:00.000Z',
  registrationCloses: '2027-03-31T10:00:00.000Z',
  phase: 'registering',
  phaseLabel: '报名中',
  ...overrides,
});

/** The same event as its page shows it, answered at `serverTime`. */
export const eventDetailFixture = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...eventSummaryFixture(),
  description: '面向中小学生的机器人运动赛事。',
  items: [
    eventItemFixture(),
    eventItemFixture({ id: 12, name: '轮式竞速', minMembers: 1, maxMembers: 2, needsReport: false, needsPhotos: true }),
  ],
  resultsFrom: '2027-04-15',
  objectionDays: 5,
  catalogueItemName: '机器人运动会（常规类）',
  serverTime: '2027-03-28T06:00:00.000Z',
  ...overrides,
});

/** The same event as the console edits it. */
export const consoleEventFixture = (overrides: Partial<ConsoleEvent> = {}): ConsoleEvent => {
  const { serverTime: _time, ...detail } = eventDetailFixture();
  return {
    ...detail,
    organizerId: 2,
    catalogueId: 5,
    visible: true,
    createTime: '2027-02-01T02:00:00.000Z',
    updateTime: '2027-02-01T02:00:00.000Z',
    ...overrides,
  };
};
