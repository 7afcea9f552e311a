import { describe, expect, it } from 'vitest';
import { decideRedirect, landingFor, sameSitePath } from './redirect';

const ORIGINS = ['https://partner.example.cn', 'http://localhost:5173'];
const decide = (search: string, storedRedirectUrl: string | null = null) =>
  decideRedirect({ search, storedRedirectUrl, ssoReturnOrigins: ORIGINS, token: 'tok', cardNo: '10000001' });

describe('decideRedirect', () => {
  it('(1) goes to an allowed ssoReturn with token, cardNo and source added, before everything else', () => {
    const search = `?ssoReturn=${encodeURIComponent('https://partner.example.cn/back?x=1')}&source=${encodeURIComponent('https://partner.example.cn/page')}&backUrl=/news`;
    const decision = decide(search, '/center');
    expect(decision.target.external).toBe(true);
    const url = new URL(decision.target.external ? decision.target.url : '');
    expect(url.origin).toBe('https://partner.example.cn');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      token: 'tok',
      cardNo: '10000001',
      source: 'https://partner.example.cn/page',
    });
    expect(decision.clearStoredRedirect).toBe(true);
    expect(decision.refusedSsoReturn).toBeNull();
  });

  it.each([
    'https://evil.example.com/',
    'https://partner.example.cn.evil.com/',
    'https://partner.example.cn:444/',
    'http://partner.example.cn/',
    'https://user:pw@partner.example.cn/',
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
        token: 't',
        cardNo: '1',
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
        token: 't',
        cardNo: '1',
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
