import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.locale('zh-cn');

/**
 * Dates read in Beijing time (UTC+8, no daylight saving) wherever they are drawn: the server's clock zone
 * and the visitor's may differ, and the page the browser hydrates must say what the server wrote.
 */
const BEIJING_OFFSET_MINUTES = 8 * 60;
const beijing = (iso: string) => dayjs(iso).utcOffset(BEIJING_OFFSET_MINUTES);

/** 2026年11月22日 — the date every item shows (CONTENT.md: an undated item counts as never updated). */
export const formatDate = (iso: string) => beijing(iso).format('YYYY年MM月DD日');

/** 2026年11月22日 15:45 — the detail page's date and time. */
export const formatDateTime = (iso: string) => beijing(iso).format('YYYY年MM月DD日 HH:mm');
