import { AWARD_LABELS, type Award } from '@lianmeng/core';
import { beijingTime } from '../registrations/policy';

export const RESULT_REFUSALS = {
  eventNotFound: '赛事不存在',
  teamNotFound: '未找到该队伍',
  objectionNotFound: '未找到该异议',
  notClosed: (closes: string) => `报名尚未截止（${beijingTime(closes)} 北京时间截止），截止后才能录入和公示成绩`,
  published: '成绩已公示，不能再修改',
  publishedTwice: '成绩已经公示，不能重复公示',
  nothingToPublish: '还没有任何队伍的名次或奖项，不能公示',
  teamTwice: (teamId: number) => `队伍 ${teamId} 的成绩填写了两次`,
  teamNotAdmitted: (teamId: number) => `队伍 ${teamId} 不是本赛事已通过审核的队伍，不能录入成绩`,
  rankTaken: (itemName: string, rank: number) => `项目「${itemName}」的第 ${rank} 名重复，同一项目名次不能重复`,
  notPublished: '成绩尚未公示，不能提出异议',
  objectionClosed: (deadline: string) => `异议期已于 ${beijingTime(deadline)}（北京时间）结束，不能再提出异议`,
  noTeamInEvent: '本机构在该赛事没有参赛队伍，不能提出异议',
  objectionPending: '本机构对该队伍成绩的异议尚未答复，请等待答复后再提出',
  answeredTwice: '该异议已经答复，不能再次答复',
} as const;

/** The awards in their order of merit, for the public list's order within a rank. */
const AWARD_ORDER: Record<Award, number> = { first: 0, second: 1, third: 2, merit: 3 };
export const awardOrder = (award: string | null) => (award === null ? 4 : (AWARD_ORDER[award as Award] ?? 4));

export const awardLabel = (award: string | null) => (award === null ? '' : (AWARD_LABELS[award as Award] ?? ''));

/** A Beijing date (YYYY-MM-DD) of an instant. */
export const beijingDate = (instant: string) => beijingTime(instant).slice(0, 10);
