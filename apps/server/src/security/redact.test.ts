import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides the legacy call’s user name and password, and its query with them', () => {
    expect(redactUrl('/api/ValidateCardByPass/10000001/secret-pass')).toBe('/api/ValidateCardByPass/[已隐藏]');
    expect(redactUrl('/api/validatecardbypass/a/b?x=1')).toBe('/api/ValidateCardByPass/[已隐藏]');
  });

  it('recognises the legacy call in every spelling a router or a proxy may accept', () => {
    for (const spelling of [
      '/api/%56alidateCardByPass/10000002/secret-pass',
      '/%61pi/ValidateCardByPass/10000002/secret-pass',
      '/api/%2556alidateCardByPass/10000002/secret-pass',
      '/API/VALIDATECARDBYPASS/10000002/secret-pass',
      '//api//ValidateCardByPass/10000002/secret-pass',
      '/./api/./ValidateCardByPass/10000002/secret-pass',
      'http://evil.example/api/ValidateCardByPass/10000002/secret-pass',
      'HTTPS://host:8080/api/%76alidatecardbypass/10000002/secret-pass?x=1',
    ]) {
      const logged = redactUrl(spelling);
      expect(logged, spelling).toBe('/api/ValidateCardByPass/[已隐藏]');
      expect(logged).not.toContain('secret-pass');
    }
  });

  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/login?token=abc&backUrl=%2Fnews&code=123456')).toBe(
      '/login?token=[已隐藏]&backUrl=%2Fnews&code=[已隐藏]',
    );
    expect(redactUrl('/lianmeng/img/imageMsgDel?id=3')).toBe('/lianmeng/img/imageMsgDel?id=3');
    expect(redactUrl('http://host/news/list/2?token=x')).toBe('/news/list/2?token=[已隐藏]');
  });

  it('leaves other paths alone, broken escapes included', () => {
    expect(redactUrl('/api/content/articles/%zz')).toBe('/api/content/articles/%zz');
    expect(redactUrl('/api/ValidateCardByPassword')).toBe('/api/ValidateCardByPassword');
  });
});
