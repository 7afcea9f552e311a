import { EVENT_LIMITS, TEAM_FILE_KIND_LABELS, type TeamFileKind } from '@lianmeng/core';
import { ApiError, notFound } from '../../http/apiError';
import { maskedCardNo } from '../../security/loginRules';

/** What the registration window of an event is judged from: its instants (ISO 8601, UTC) and whether it is shown. */
export interface RegistrationWindow {
  registrationOpens: string;
  registrationCloses: string;
  visible: number | boolean;
}

/** What an item asks of a team. */
export interface ItemRules {
  minMembers: number;
  maxMembers: number;
  needsReport: number | boolean;
  needsPhotos: number | boolean;
  needsVideo: number | boolean;
}

/** A time as the registering school reads it: Beijing time (UTC+8), to the minute. */
export const beijingTime = (instant: string) =>
  new Date(Date.parse(instant) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export const REGISTRATION_REFUSALS = {
  eventNotFound: '赛事不存在',
  itemNotFound: '项目不存在',
  teamNotFound: '未找到该队伍',
  notOpen: (opens: string) => `报名尚未开始（${beijingTime(opens)} 北京时间开始）`,
  closed: (closes: string) => `报名已于 ${beijingTime(closes)}（北京时间）截止，不能再修改`,
  tooMany: (max: number) => `该项目每队最多 ${max} 名队员`,
  notMember: (cardNos: string[]) => `卡号 ${cardNos.map(maskedCardNo).join('、')} 不是本机构人员，只能选择本机构的学生`,
  memberTaken: (name: string, cardNo: string, teamName: string | null) =>
    `${name}（卡号 ${maskedCardNo(cardNo)}）已在本项目的${teamName === null ? '另一支队伍' : `队伍「${teamName}」`}中，同一项目每人只能参加一支队伍`,
  memberRace: '所选队员刚被其他队伍选用，请刷新后重试',
  nameTaken: (name: string) => `本机构在该项目已有名为「${name}」的队伍`,
  alreadySubmitted: '队伍已提交，正在等待审核',
  alreadyApproved: '队伍已通过审核，无需再次提交',
  incomplete: (missing: string[]) => `还不能提交：${missing.join('；')}`,
  notSubmitted: (stateLabel: string) => `只能审核待审核的队伍（该队伍现为${stateLabel}）`,
  ownTeam: '不能审核本机构报名的队伍',
} as const;

/** Whether the window is open at `now`: from `registrationOpens` exactly, until `registrationCloses` exactly. */
export const windowOpen = (event: Omit<RegistrationWindow, 'visible'>, now: Date) => {
  const at = now.getTime();
  return Date.parse(event.registrationOpens) <= at && at < Date.parse(event.registrationCloses);
};

/** Whether an institution may still change its team in this event: shown on the site, and the window open. */
export const teamEditable = (event: RegistrationWindow, now: Date) =>
  Number(event.visible) === 1 && windowOpen(event, now);

/**
 * Refuses a change to a team (create, edit, withdraw, submit, attachments) outside the event's window on the
 * server's clock; an event that is not shown is not found, as on the public site.
 */
export const assertWindowOpen = (event: RegistrationWindow, now: Date) => {
  if (Number(event.visible) !== 1) throw notFound(REGISTRATION_REFUSALS.eventNotFound);
  const at = now.getTime();
  if (at < Date.parse(event.registrationOpens)) {
    throw new ApiError(409, REGISTRATION_REFUSALS.notOpen(event.registrationOpens));
  }
  if (at >= Date.parse(event.registrationCloses)) {
    throw new ApiError(409, REGISTRATION_REFUSALS.closed(event.registrationCloses));
  }
};

/**
 * What a submit would still refuse for, in Chinese: the team's size against the item's limits, and each
 * attachment the item asks for (a design report, 2–5 photos, a video). Empty when the team is complete.
 */
export const missingOf = (item: ItemRules, memberCount: number, files: Record<TeamFileKind, number>): string[] => {
  const missing: string[] = [];
  const min = Number(item.minMembers);
  const max = Number(item.maxMembers);
  if (memberCount < min) missing.push(`队员不足：至少 ${min} 人，现有 ${memberCount} 人`);
  if (memberCount > max) missing.push(`队员过多：最多 ${max} 人，现有 ${memberCount} 人`);
  if (Number(item.needsReport) === 1 && files.report !== 1) {
    missing.push(files.report === 0 ? `缺少${TEAM_FILE_KIND_LABELS.report}（PDF）` : '设计报告只能有 1 份');
  }
  const photos = EVENT_LIMITS.photos;
  if (Number(item.needsPhotos) === 1 && (files.photo < photos.min || files.photo > photos.max)) {
    missing.push(`${TEAM_FILE_KIND_LABELS.photo}应为 ${photos.min}–${photos.max} 张，现有 ${files.photo} 张`);
  }
  if (Number(item.needsVideo) === 1 && files.video !== 1) {
    missing.push(files.video === 0 ? `缺少${TEAM_FILE_KIND_LABELS.video}` : '视频只能有 1 个');
  }
  return missing;
};
