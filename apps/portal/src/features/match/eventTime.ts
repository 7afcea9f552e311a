import type { EventSummary } from '@lianmeng/core';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Window = Pick<EventSummary, 'registrationOpens' | 'registrationCloses'>;

/** The next edge of the registration window after `now`, or null once it has closed. */
export const nextEdge = (event: Window, now: number) => {
  const opens = Date.parse(event.registrationOpens);
  const closes = Date.parse(event.registrationCloses);
  if (now < opens) return { label: '距报名开始还有', at: opens };
  if (now < closes) return { label: '距报名截止还有', at: closes };
  return null;
};

/**
 * A span as a person reads it: days and hours, or hours and minutes, or minutes; `withSeconds` (the page
 * once it runs in the browser, ticking each second) adds the smaller units down to seconds.
 */
export const spanText = (ms: number, withSeconds: boolean) => {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = Math.floor((ms % MINUTE) / SECOND);
  const units: [number, string][] = [
    [days, '天'],
    [hours, '小时'],
    [minutes, withSeconds ? '分' : '分钟'],
    [seconds, '秒'],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1 || (!withSeconds && first === 3)) return withSeconds ? '0 秒' : '不到 1 分钟';
  const shown = withSeconds ? units.slice(first) : units.slice(first, Math.min(first + 2, 3));
  return shown.map(([value, unit]) => `${value} ${unit}`).join(' ');
};

/** "距报名截止还有 3 天 4 小时", or what the window says once it has closed. */
export const countdownText = (event: Window, now: number, withSeconds: boolean) => {
  const edge = nextEdge(event, now);
  if (!edge) return '报名已截止';
  return `${edge.label} ${spanText(edge.at - now, withSeconds)}`;
};
