import { EVENT_LEVELS, type EventLevel, LADDER_AWARDS, type LadderAward } from '@lianmeng/core';
import { maskedCardNo } from '../../security/loginRules';
import { beijingTime } from './policy';

/**
 * The ladder's rules (晋级), decided for the product: a team of the institution's own whose event's results are
 * final, with 一等奖, 二等奖 or 三等奖 (never 优秀奖, never a rank alone), may be carried into an event one level
 * up (校级 → 县级 → 市级 → 省级 → 国家级) of the same type (常规类 / 创意类), shown and open for registration on
 * the server's clock, that has an item of exactly the same name. The carried team is a draft with the same
 * name, coach and members in their order; no attachment goes with it, since the next level asks for its own.
 */

/** The level above this one; null for 国家级 (and for a level the ladder does not know). */
export const nextLevelOf = (level: string): EventLevel | null => {
  const index = EVENT_LEVELS.indexOf(level as EventLevel);
  return index < 0 ? null : (EVENT_LEVELS[index + 1] ?? null);
};

export const isLadderAward = (award: string | null): award is LadderAward =>
  LADDER_AWARDS.includes(award as LadderAward);

export const LADDER_REFUSALS = {
  notFinal: '该队伍所在赛事的成绩尚未生效，成绩生效后才能晋级报名',
  noAward: '只有获得一等奖、二等奖或三等奖的队伍可以晋级报名',
  topLevel: '国家级赛事没有更高一级的赛事，不能晋级报名',
  notNextLevel: (level: string, type: string, itemName: string) =>
    `只能带入${level}、${type}且设有「${itemName}」项目的赛事，所选赛事不符合`,
  notOpen: (opens: string) => `所选赛事报名尚未开始（${beijingTime(opens)} 北京时间开始）`,
  closed: (closes: string) => `所选赛事报名已于 ${beijingTime(closes)}（北京时间）截止`,
  alreadyCarried: (teamName: string) => `该队伍已带入所选赛事（队伍「${teamName}」），请在“我的队伍”中继续报名`,
  notMember: (members: { name: string; cardNo: string }[]) =>
    `${members.map((member) => `${member.name}（卡号 ${maskedCardNo(member.cardNo)}）`).join('、')}已不是本机构人员，不能带入报名，请新建队伍`,
  teamSize: (itemName: string, min: number, max: number, count: number) =>
    `所选赛事的「${itemName}」每队 ${min === max ? min : `${min}–${max}`} 名队员，本队有 ${count} 名，不能带入报名，请新建队伍`,
} as const;
