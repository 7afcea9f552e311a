import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

export interface Windowed {
  isOpen: 0 | 1;
  showFrom: string | null;
  showUntil: string | null;
}

export type WindowState = 'scheduled' | 'showing' | 'ended';

/** Where `at` falls in an item's showing window; an item without bounds is always showing. */
export const windowState = (item: Pick<Windowed, 'showFrom' | 'showUntil'>, at: Date): WindowState => {
  const instant = at.getTime();
  if (item.showFrom && instant < Date.parse(item.showFrom)) return 'scheduled';
  if (item.showUntil && instant >= Date.parse(item.showUntil)) return 'ended';
  return 'showing';
};

/** What the public sees: open, and inside the window. */
export const isShowing = (item: Windowed, at: Date) => item.isOpen === 1 && windowState(item, at) === 'showing';

const LABELS: Record<WindowState, { label: string; color: 'default' | 'success' | 'info' }> = {
  scheduled: { label: '未开始', color: 'info' },
  showing: { label: '展示中', color: 'success' },
  ended: { label: '已结束', color: 'default' },
};

// Editors work in Beijing time whatever the browser's zone: China has one zone and no daylight saving, so
// a fixed +08:00 offset is exact.
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** A stored instant as the `datetime-local` text of Beijing's wall clock ('' for none). */
export const toBeijingInput = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? new Date(Date.parse(value) + BEIJING_OFFSET_MS).toISOString().slice(0, 16)
    : '';

/** A `datetime-local` text read as Beijing time, sent with its zone so the server stores the instant. */
export const fromBeijingInput = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+08:00` : null;

/** A stored instant in Beijing time for reading, e.g. 2026-11-23 10:01. */
export const beijingText = (value: string | null) => (value ? toBeijingInput(value).replace('T', ' ') : '');

/** The window's state beside the open switch: 未开始 / 展示中 / 已结束, with the bounds on hover. */
export const WindowStateChip = () => {
  const record = useRecordContext<Windowed>();
  if (!record) return null;
  const { label, color } = LABELS[windowState(record, new Date())];
  const bounds = [
    record.showFrom ? `开始 ${beijingText(record.showFrom)}` : '',
    record.showUntil ? `结束 ${beijingText(record.showUntil)}` : '',
  ]
    .filter(Boolean)
    .join('，');
  return <Chip size="small" color={color} label={label} title={bounds ? `${bounds}（北京时间）` : '不限时间'} />;
};
