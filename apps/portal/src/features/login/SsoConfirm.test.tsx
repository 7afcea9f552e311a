import { describe, expect, it } from 'vitest';
import { maskName, partnerOf } from './SsoConfirm';

describe('the single-sign-on confirmation', () => {
  it('shows a name masked between its first and last character', () => {
    expect(maskName('张小明')).toBe('张*明');
    expect(maskName('李明')).toBe('李*');
    expect(maskName('欧阳锋锐')).toBe('欧**锐');
    expect(maskName('王')).toBe('王');
  });

  it("names the partner by the return address's host", () => {
    expect(partnerOf('https://partner.example.org/sso/back?x=1')).toBe('partner.example.org');
    expect(partnerOf('not a url')).toBe('not a url');
  });
});
