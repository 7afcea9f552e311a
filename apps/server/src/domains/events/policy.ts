import { EVENT_PHASE_LABELS, type EventPhase } from '@lianmeng/core';

/** What an event's phase follows from: its registration window and, once published, its results. */
export interface EventClock {
  /** ISO 8601 UTC instants. */
  registrationOpens: string;
  registrationCloses: string;
  resultsPublishedTime: string | null;
  objectionDays: number;
}

const DAY_MS = 86_400_000;

/** The instant the objection period of published results ends: `objectionDays` whole days after publication. */
export const objectionEnds = (event: EventClock) =>
  event.resultsPublishedTime === null ? null : Date.parse(event.resultsPublishedTime) + event.objectionDays * DAY_MS;

/**
 * Where an event stands at `now`, on the server's clock: each edge belongs to the phase it begins, so the
 * window opens at `registrationOpens` exactly and is closed at `registrationCloses` exactly.
 */
export const eventPhase = (event: EventClock, now: Date): EventPhase => {
  const at = now.getTime();
  if (at < Date.parse(event.registrationOpens)) return 'upcoming';
  if (at < Date.parse(event.registrationCloses)) return 'registering';
  const ends = objectionEnds(event);
  if (ends === null) return 'underway';
  return at < ends ? 'publicizing' : 'finished';
};

export const phaseFields = (event: EventClock, now: Date) => {
  const phase = eventPhase(event, now);
  return { phase, phaseLabel: EVENT_PHASE_LABELS[phase] };
};

/** The public list's order of phases: open for registration first, then what is coming, then the rest. */
const PHASE_RANK: Record<EventPhase, number> = {
  registering: 0,
  upcoming: 1,
  underway: 2,
  publicizing: 3,
  finished: 4,
};
export const phaseRank = (phase: EventPhase) => PHASE_RANK[phase];

/** The first instant after `after` at which any of these events changes phase; null when none ever will. */
export const nextPhaseEdge = (events: readonly EventClock[], after: Date): Date | null => {
  const at = after.getTime();
  let first: number | null = null;
  for (const event of events) {
    for (const edge of [
      Date.parse(event.registrationOpens),
      Date.parse(event.registrationCloses),
      objectionEnds(event),
    ]) {
      if (edge !== null && edge > at && (first === null || edge < first)) first = edge;
    }
  }
  return first === null ? null : new Date(first);
};

/** An instant as stored: ISO 8601 UTC, within the years the text order stays the time order (2000–2099). */
export const storedInstant = (text: string): string | null => {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  return /^20\d{2}-/.test(iso) ? iso : null;
};

/** A real calendar date (the contract checks only its shape), within the same years. */
export const isCalendarDate = (date: string) => {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date && date.startsWith('20');
};

/** The server's refusals beyond the schema; each names its field as `标签（field）` for the console's form. */
export const EVENT_REFUSALS = {
  notFound: '赛事不存在',
  organizerUnknown: '承办单位（organizerId）不存在',
  organizerDisabled: '承办单位（organizerId）已停用，请选择在用的机构',
  catalogueUnknown: '学分项目（catalogueId）不存在',
  catalogueRetired: '学分项目（catalogueId）已停用，请选择在用的项目',
  catalogueKind: '学分项目（catalogueId）应为运动会或竞赛类项目',
  catalogueLevel: (itemLevel: string, eventLevel: string) =>
    `学分项目（catalogueId）的级别为${itemLevel}，与赛事级别${eventLevel}不符`,
  opensInvalid: '报名开始时间（registrationOpens）应为 2000 年至 2099 年间的日期时间',
  closesInvalid: '报名截止时间（registrationCloses）应为 2000 年至 2099 年间的日期时间',
  resultsFromInvalid: '成绩公布日期（resultsFrom）不是有效日期',
  itemUnknown: (id: number) => `项目（items）中编号 ${id} 的项目不属于本赛事`,
  itemTwice: (id: number) => `项目（items）中编号 ${id} 的项目出现了两次`,
  itemRemoved: (name: string) => `项目（items）已有的项目「${name}」不能删除，可以修改`,
} as const;

/** The window's refusal (the contract's words), naming its field. */
export const windowRefusal = (issue: { path: string; message: string }) => `${issue.message}（${issue.path}）`;
