import { describe, expect, it } from 'vitest';
import { countdownText, spanText } from './eventTime';

const WINDOW = { registrationOpens: '2027-03-01T00:00:00.000Z', registrationCloses: '2027-03-31T10:00:00.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('the registration countdown', () => {
  it('counts to the opening, then to the close, then says the window has closed', () => {
    expect(countdownText(WINDOW, at('2027-02-27T22:30:00.000Z'), false)).toBe('距报名开始还有 1 天 1 小时');
    expect(countdownText(WINDOW, at('2027-03-28T06:00:00.000Z'), false)).toBe('距报名截止还有 3 天 4 小时');
    expect(countdownText(WINDOW, at('2027-03-31T09:59:59.000Z'), false)).toBe('距报名截止还有 不到 1 分钟');
    // The close itself is past it: a submit at that second is refused.
    expect(countdownText(WINDOW, at('2027-03-31T10:00:00.000Z'), false)).toBe('报名已截止');
  });

  it('reads in the largest two units, or down to seconds once it ticks', () => {
    expect(spanText(((2 * 60 + 5) * 60 + 9) * 1000, false)).toBe('2 小时 5 分钟');
    expect(spanText(7 * 60 * 1000, false)).toBe('7 分钟');
    expect(spanText((((3 * 24 + 4) * 60 + 5) * 60 + 6) * 1000, true)).toBe('3 天 4 小时 5 分 6 秒');
    expect(spanText(6000, true)).toBe('6 秒');
  });
});
