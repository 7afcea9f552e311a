import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('reads a time in Beijing time, whatever zone the machine drawing the page is in', () => {
    // 17:30 UTC is already the next day in Beijing: the server and a visitor abroad must both say so.
    expect(formatDate('2026-11-21T17:30:00.000Z')).toBe('2026年11月22日');
    expect(formatDateTime('2026-11-21T17:30:00.000Z')).toBe('2026年11月22日 01:30');
  });
});
