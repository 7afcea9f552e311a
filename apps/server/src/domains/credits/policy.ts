import { OBJECTION_DAYS } from '@lianmeng/core';

/** Today's date in Beijing (UTC+8, no daylight saving), as YYYY-MM-DD. */
export const beijingDate = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The instant a Beijing day (YYYY-MM-DD) begins, as the ISO text times are stored in. */
export const beijingDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();

/** The day `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A holder may object on the day of posting and the `OBJECTION_DAYS` days after it. */
export const objectionOpenUntil = (postedDate: string) => addDays(postedDate, OBJECTION_DAYS);

export const mayObject = (record: { state: string; postedDate: string }, hasObjection: boolean, today: string) =>
  record.state === 'posted' &&
  !hasObjection &&
  record.postedDate !== '' &&
  today <= objectionOpenUntil(record.postedDate);

/** A credit amount's refusal against its catalogue item, or null. */
export const creditsRefusal = (credits: number, maxCredits: number): string | null => {
  if (!Number.isFinite(credits)) return '学分应为数字';
  if (credits <= 0) return '学分应大于 0';
  if (Math.round(credits * 10) !== credits * 10) return '学分最多保留 1 位小数';
  if (credits > maxCredits) return `学分不能超过该项目的最高学分 ${maxCredits}`;
  return null;
};

/** A date's refusal: not in the future (Beijing), not before the holder was born; or null. */
export const dateRefusal = (date: string, today: string, birthDate: string | null): string | null => {
  if (date > today) return '日期不能晚于今天';
  if (birthDate && date < birthDate) return '日期不能早于持卡人的出生日期';
  if (date < '1900-01-01') return '日期不能早于 1900 年';
  return null;
};

export const REFUSALS = {
  notLinked: '该卡不在本机构人员名单中，请先通过名单关联',
  itemUnknown: '学分项目不存在',
  itemRetired: '该学分项目已停用，不能再登记',
  evidenceMissing: '该项目须上传证明材料',
  evidenceUnknown: '证明材料不存在，请重新上传',
  certificateTaken: '证书编号已被本机构使用',
  duplicate: '该持卡人已有同一项目、同一日期的记录',
  selfReview: '不能审核本机构提交的记录',
  decided: '所选记录已被处理，请刷新后查看',
  batchDecided: '该批次已被处理',
  batchNotFound: '未找到该批次',
  recordNotFound: '未找到该记录',
  notPosted: '只能冲正已入账的记录',
  alreadyReversed: '该记录已冲正',
  reversalPending: '该记录已有待审核的冲正',
  objectionLate: `已超过入账后 ${OBJECTION_DAYS} 天，不能再提出异议`,
  objectionExists: '该记录已提出过异议',
  objectionNotPosted: '只能对已入账的记录提出异议',
  objectionNotFound: '未找到该异议',
  objectionAnswered: '该异议已答复',
} as const;
