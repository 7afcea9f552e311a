import type { Certificate, FinalEvent } from '@lianmeng/core';

/** Test data for final results and certificates. */

export const certificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: 5,
  certificateNo: 'JQR-2026-0003-0001',
  eventId: 3,
  eventName: '2026 年全国学校体育联盟机器人运动会（北京市赛区）',
  season: '2026',
  level: '市级',
  type: 'regular',
  itemName: '机器人足球',
  teamName: '一中雄鹰队',
  award: 'first',
  awardLabel: '一等奖',
  rank: 1,
  holderName: '李明',
  cardNo: '10000001',
  institutionName: '北京市第一中学',
  organizerName: '北京市青少年科技活动中心',
  approvalNo: '体联赛〔2026〕12号',
  issueDate: '2026-12-20',
  credits: 2,
  recordId: 91,
  printable: true,
  ...overrides,
});

export const finalEvent = (overrides: Partial<FinalEvent> = {}): FinalEvent => ({
  eventId: 3,
  eventName: '2026 年全国学校体育联盟机器人运动会（北京市赛区）',
  season: '2026',
  level: '市级',
  organizerName: '北京市青少年科技活动中心',
  catalogueItemName: '市级机器人运动会',
  publishedTime: '2026-12-10T02:00:00.000Z',
  objectionDeadline: '2026-12-15T02:00:00.000Z',
  openObjections: 0,
  awardedMembers: 6,
  creditsEach: 2,
  state: 'ready',
  stateLabel: '可确认生效',
  finalTime: null,
  certificateCount: 0,
  ...overrides,
});
