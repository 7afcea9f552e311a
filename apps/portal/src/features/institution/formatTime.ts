import { formatDateTime } from '../../shared/dates';

/** A server time in Beijing time, or the text itself when it is not a time (never "Invalid Date"). */
export const formatTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : formatDateTime(iso));
