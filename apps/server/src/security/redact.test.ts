import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides the legacy call’s user name and password segments', () => {
    expect(redactUrl('/api/ValidateCardByPass/10000001/secret-pass')).toBe('/api/ValidateCardByPass/[已隐藏]');
    expect(redactUrl('/api/validatecardbypass/a/b?x=1')).toBe('/api/validatecardbypass/[已隐藏]?x=1');
  });

  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/login?token=abc&backUrl=%2Fnews&code=123456')).toBe(
      '/login?token=[已隐藏]&backUrl=%2Fnews&code=[已隐藏]',
    );
    expect(redactUrl('/lianmeng/img/imageMsgDel?id=3')).toBe('/lianmeng/img/imageMsgDel?id=3');
  });
});
