import { describe, expect, it } from 'vitest';
import { decideRedirect, isSsoReturnPrefix, landingFor, matchSsoReturn, sameSitePath } from './redirect';

const ORIGINS = ['https://partner.example.cn/back', 'http://localhost:5173/sso/'];
const decide = (search: string, storedRedirectUrl: string | null = null) =>
  decideRedirect({ search, storedRedirectUrl, ssoReturnOrigins: ORIGINS });

describe('decideRedirect', () => {
  it("(1) goes to an allowed ssoReturn, with its source and the partner's state as sent, before everything else; no token", () => {
    const search = `?ssoReturn=${encodeURIComponent('https://partner.example.cn/back?x=1')}&source=${encodeURIComponent('https://partner.example.cn/page')}&state=a%2Bb%20c&backUrl=/news`;
    const decision = decide(search, '/center');
    expect(decision.target).toEqual({
      external: true,
      sso: {
        ssoReturn: 'https://partner.example.cn/back?x=1',
        source: 'https://partner.example.cn/page',
        state: 'a+b c',
      },
    });
    expect(JSON.stringify(decision)).not.toContain('token');
    expect(decision.clearStoredRedirect).toBe(true);
    expect(decision.refusedSsoReturn).toBeNull();
  });

  it('allows return addresses by full prefix, segment by segment, never by origin alone', () => {
    expect(matchSsoReturn('https://partner.example.cn/back', ORIGINS)?.prefix).toBe('https://partner.example.cn/back');
    expect(matchSsoReturn('https://partner.example.cn/back/done#x', ORIGINS)).not.toBeNull();
    expect(matchSsoReturn('http://localhost:5173/sso/return', ORIGINS)).not.toBeNull();
    for (const refused of [
      'https://partner.example.cn/',
      'https://partner.example.cn/backdoor',
      'https://partner.example.cn/other?next=/back',
      'https://partner.example.cn/back/../open-redirect',
      'https://partner.example.cn/back/%2e%2e/open-redirect',
      'http://localhost:5173/ssox',
    ]) {
      expect(matchSsoReturn(refused, ORIGINS), refused).toBeNull();
    }
    // An entry that is an origin alone (or carries a query) admits nothing.
    expect(isSsoReturnPrefix('https://partner.example.cn')).toBe(false);
    expect(isSsoReturnPrefix('https://partner.example.cn/')).toBe(false);
    expect(isSsoReturnPrefix('https://partner.example.cn/back?x=1')).toBe(false);
    expect(isSsoReturnPrefix('https://partner.example.cn/back')).toBe(true);
    expect(matchSsoReturn('https://partner.example.cn/anything', ['https://partner.example.cn'])).toBeNull();
  });

  it.each([
    'https://evil.example.com/back',
    'https://partner.example.cn.evil.com/back',
    'https://partner.example.cn:444/back',
    'http://partner.example.cn/back',
    'https://user:pw@partner.example.cn/back',
    'https://partner.example.cn/',
    'javascript:alert(1)',
    '//partner.example.cn/',
    'not a url',
  ])('ignores a refused ssoReturn %s, reports it, and falls through', (ssoReturn) => {
    const decision = decide(`?ssoReturn=${encodeURIComponent(ssoReturn)}&backUrl=/news/list/12`);
    expect(decision.target).toEqual({ external: false, path: '/news/list/12' });
    expect(decision.refusedSsoReturn).toBe(ssoReturn);
  });

  it('(2) prefers the stored redirect url over the back url, and says to clear it', () => {
    expect(decide('?backUrl=/news', '/center?tab=1')).toEqual({
      target: { external: false, path: '/center?tab=1' },
      clearStoredRedirect: true,
      refusedSsoReturn: null,
    });
  });

  it('(3) uses the back url, (4) else /creditBank/info', () => {
    expect(decide('?backUrl=%2Fmatch%2Fnotice').target).toEqual({ external: false, path: '/match/notice' });
    expect(decide('').target).toEqual({ external: false, path: '/creditBank/info' });
    expect(decide('', null).clearStoredRedirect).toBe(false);
  });

  it('(4) lands an institution account on its workbench and an operator on the review workbench', () => {
    const landing = (flags: { institution: boolean; operator: boolean }) =>
      decideRedirect({
        search: '',
        storedRedirectUrl: null,
        ssoReturnOrigins: [],
        landing: landingFor(flags),
      }).target;
    expect(landing({ institution: true, operator: false })).toEqual({
      external: false,
      path: '/creditBank/institution',
    });
    expect(landing({ institution: false, operator: true })).toEqual({ external: false, path: '/creditBank/review' });
    expect(landing({ institution: false, operator: false })).toEqual({ external: false, path: '/creditBank/info' });
    // Where the holder was going still wins over the workbench.
    expect(
      decideRedirect({
        search: '?backUrl=/center',
        storedRedirectUrl: null,
        ssoReturnOrigins: [],
        landing: landingFor({ institution: true, operator: false }),
      }).target,
    ).toEqual({ external: false, path: '/center' });
  });

  it('skips an unsafe stored url and an unsafe back url', () => {
    expect(decide('?backUrl=//evil.com', 'https://evil.com').target).toEqual({
      external: false,
      path: '/creditBank/info',
    });
  });
});

describe('sameSitePath', () => {
  it.each([
    '//evil.com',
    '/.//evil.com',
    '/./\\evil.com',
    '/x/..//evil.com',
    '/%2e//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'https://evil.com/',
    'evil.com',
    '/\tevil',
    '',
    '/login',
    '/creditBank/login?x=1',
  ])('refuses %s', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it('keeps a path with its query and hash', () => {
    expect(sameSitePath('/creditBank/info?page=2#top')).toBe('/creditBank/info?page=2#top');
  });
});
