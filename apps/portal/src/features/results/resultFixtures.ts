import type { MatchObjection, OrganiserResults, PublicResults, ResultRow } from '@lianmeng/core';

/** Test data for results: an organiser's rows, the public 公示 and objections. */

export const resultRow = (overrides: Partial<ResultRow> = {}): ResultRow => ({
  teamId: 9,
  itemId: 31,
  itemName: '机器人足球',
  teamName: '闪电队',
  institutionName: '北京市第一实验小学',
  members: ['张*明', '李*'],
  rank: null,
  award: null,
  awardLabel: '',
  ...overrides,
});

export const organiserResults = (overrides: Partial<OrganiserResults> = {}): OrganiserResults => ({
  eventId: 3,
  eventName: '2026 年全国青少年机器人运动会（北京赛区）',
  publishedTime: null,
  objectionDeadline: null,
  finalTime: null,
  // Two days and some before the published fixture's deadline.
  serverTime: '2026-12-12T21:00:00.000Z',
  publishable: true,
  notPublishableReason: '',
  rows: [
    resultRow(),
    resultRow({ teamId: 10, teamName: '雷霆队', institutionName: '北京市第二实验小学', members: ['王*'] }),
    resultRow({ teamId: 11, itemId: 32, itemName: '轮式竞速', teamName: '疾风队', members: ['赵*华'] }),
  ],
  ...overrides,
});

export const matchObjection = (overrides: Partial<MatchObjection> = {}): MatchObjection => ({
  id: 41,
  teamName: '雷霆队',
  itemName: '机器人足球',
  receivedDate: '2026-12-11',
  answeredDate: null,
  answer: '',
  eventId: 3,
  eventName: '2026 年全国青少年机器人运动会（北京赛区）',
  institutionName: '北京市第三实验小学',
  reason: '雷霆队的决赛成绩计时有误',
  receivedTime: '2026-12-11T02:00:00.000Z',
  answeredTime: null,
  ...overrides,
});

export const publicResults = (overrides: Partial<PublicResults> = {}): PublicResults => ({
  publishedTime: '2026-12-10T02:00:00.000Z',
  objectionDeadline: '2026-12-15T02:00:00.000Z',
  finalTime: null,
  serverTime: '2026-12-12T02:00:00.000Z',
  results: [
    {
      teamId: 9,
      itemName: '机器人足球',
      rank: 1,
      awardLabel: '一等奖',
      teamName: '闪电队',
      institutionName: '北京市第一实验小学',
      members: ['张*明', '李*'],
    },
    {
      teamId: 10,
      itemName: '机器人足球',
      rank: 2,
      awardLabel: '二等奖',
      teamName: '雷霆队',
      institutionName: '北京市第二实验小学',
      members: ['王*'],
    },
  ],
  objections: [
    {
      id: 41,
      teamName: '雷霆队',
      itemName: '机器人足球',
      receivedDate: '2026-12-11',
      answeredDate: '2026-12-12',
      answer: '经复核计时无误，维持原成绩。',
    },
  ],
  ...overrides,
});
