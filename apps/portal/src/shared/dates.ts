import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/** 2026年11月22日 — the date every item shows (CONTENT.md: an undated item counts as never updated). */
export const formatDate = (iso: string) => dayjs(iso).format('YYYY年MM月DD日');

/** 2026年11月22日 15:45 — the detail page's date and time. */
export const formatDateTime = (iso: string) => dayjs(iso).format('YYYY年MM月DD日 HH:mm');
