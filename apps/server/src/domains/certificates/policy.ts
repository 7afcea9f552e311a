import { FINAL_STATE_LABELS, type FinalState } from '@lianmeng/core';
import { beijingTime } from '../registrations/policy';

export const FINAL_REFUSALS = {
  eventNotFound: '赛事不存在',
  notPublished: '成绩尚未公示，不能确认生效',
  objectionPeriod: (deadline: string) => `异议期至 ${beijingTime(deadline)}（北京时间）结束，期满后才能确认生效`,
  openObjections: (count: number) => `尚有 ${count} 条异议未答复，全部答复后才能确认生效`,
  finalTwice: '成绩已经生效，不能重复确认',
  ownEvent: '不能确认本机构承办赛事的成绩，请由其他审核员确认',
  itemRetired: (name: string) => `学分项目「${name}」已停用，请先在管理台为赛事改选学分项目`,
  nobodyAwarded: '没有获奖队伍，无需确认生效',
  certificateNotFound: '证书不存在',
} as const;

/** Where a published event stands on the way to final results, on the server's clock. */
export const finalStateOf = (
  event: { resultsPublishedTime: string | null; resultsFinalTime: string | null },
  objectionDeadline: string | null,
  openObjections: number,
  now: Date,
): FinalState => {
  if (event.resultsFinalTime !== null) return 'final';
  if (event.resultsPublishedTime === null || objectionDeadline === null) return 'notPublished';
  if (now.getTime() < Date.parse(objectionDeadline)) return 'objectionPeriod';
  return openObjections > 0 ? 'awaitingAnswers' : 'ready';
};

export const finalStateLabel = (state: FinalState) => FINAL_STATE_LABELS[state];
