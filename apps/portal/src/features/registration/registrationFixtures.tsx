import type { OrganisedEvent, RegistrationEvent, TeamDetail, TeamFile, TeamSummary } from '@lianmeng/core';

/** Test data for registration and its review: events, teams, their files and the institution's people. */

export const registrationEvent = (overrides: Partial<RegistrationEvent> = {}): RegistrationEvent => ({
  id: 3,
  name: '2026 年全国青少年机器人运动会（北京赛区）',
  season: '2026',
  type: 'regular',
  typeLabel: '常规类',
  level: '市级',
  organizerName: '北京市青少年科技活动中心',
  approvalNo: '京教赛〔2026〕3 号',
  registrationOpens: '2026-11-01T00:00:00.000Z',
  registrationCloses: '2026-12-01T10:00:00.000Z',
  phase: 'registering',
  phaseLabel: '报名中',
  description: '',
  items: [
    {
      id: 31,
      name: '机器人足球',
      minMembers: 2,
      maxMembers: 3,
      needsReport: true,
      needsPhotos: true,
      needsVideo: true,
    },
    {
      id: 32,
      name: '轮式竞速',
      minMembers: 1,
      maxMembers: 2,
      needsReport: false,
      needsPhotos: false,
      needsVideo: false,
    },
  ],
  resultsFrom: '2026-12-10',
  objectionDays: 5,
  catalogueItemName: '机器人运动竞赛市级获奖',
  serverTime: '2026-11-20T02:00:00.000Z',
  open: true,
  teamCount: 0,
  ...overrides,
});

export const teamFile = (overrides: Partial<TeamFile> = {}): TeamFile => ({
  id: 71,
  kind: 'report',
  fileName: '设计报告.pdf',
  contentType: 'application/pdf',
  size: 2_621_440,
  durationSeconds: null,
  createTime: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

export const teamSummary = (overrides: Partial<TeamSummary> = {}): TeamSummary => ({
  id: 9,
  eventId: 3,
  eventName: '2026 年全国青少年机器人运动会（北京赛区）',
  itemId: 31,
  itemName: '机器人足球',
  institutionId: 1,
  institutionName: '北京市第一实验小学',
  name: '闪电队',
  coach: '王老师',
  state: 'draft',
  stateLabel: '未提交',
  memberCount: 2,
  missing: [],
  returnReason: '',
  submittedTime: null,
  reviewedTime: null,
  updateTime: '2026-11-20T02:00:00.000Z',
  editable: true,
  carriedFrom: null,
  ...overrides,
});

export const teamDetail = (overrides: Partial<TeamDetail> = {}): TeamDetail => ({
  ...teamSummary(overrides),
  members: [
    { cardNo: '10000101', name: '学生1', grade: '四年级2班' },
    { cardNo: '10000102', name: '学生2', grade: '四年级2班' },
  ],
  files: [],
  ...overrides,
});

export const organisedEvent = (overrides: Partial<OrganisedEvent> = {}): OrganisedEvent => ({
  id: 3,
  name: '2026 年全国青少年机器人运动会（北京赛区）',
  season: '2026',
  level: '市级',
  phaseLabel: '报名中',
  registrationCloses: '2026-12-01T10:00:00.000Z',
  counts: { submitted: 2, returned: 1, approved: 4 },
  ...overrides,
});
