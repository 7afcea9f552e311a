import type { CreditRecord } from '../contract/creditBank';
import type { CatalogueItem } from '../contract/credits';

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
