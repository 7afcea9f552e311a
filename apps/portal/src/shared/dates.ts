/**
 * Dates read in Beijing time (UTC+8, no daylight saving) wherever they are drawn: the server's clock zone
 * and the visitor's may differ, and the page the browser hydrates must say what the server wrote. Plain
 * arithmetic on the UTC fields: no date library on every first visit.
 */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const two = (value: number) => String(value).padStart(2, '0');

const beijing = (iso: string) => {
  const time = new Date(Date.parse(iso) + BEIJING_OFFSET_MS);
  return {
    date: `${time.getUTCFullYear()}年${two(time.getUTCMonth() + 1)}月${two(time.getUTCDate())}日`,
    clock: `${two(time.getUTCHours())}:${two(time.getUTCMinutes())}`,
  };
};

/** 2026年11月22日 — the date every item shows (a visitor takes an undated item for one never updated). */
export const formatDate = (iso: string) => beijing(iso).date;

/** 2026年11月22日 15:45 — the detail page's date and time. */
export const formatDateTime = (iso: string) => {
  const { date, clock } = beijing(iso);
  return `${date} ${clock}`;
};

/** A server time as formatDateTime draws it, or the text itself when it is not a time (never "Invalid Date"). */
export const formatTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : formatDateTime(iso));

/** Today in Beijing as `YYYY-MM-DD`, whatever the visitor's zone (the server dates by Beijing's calendar). */
export const beijingToday = () => new Date(Date.now() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
