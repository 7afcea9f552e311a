// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, jsonForHtml, jsonScriptElement, readJsonScriptElement } from './runtimeConfig';

describe('runtime configuration in a page', () => {
  it('cannot close its element or open a comment, whatever a value holds', () => {
    const hostile = { title: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = jsonForHtml(hostile);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('round-trips through a parsed page', () => {
    const config = {
      hosts: { main: 'https://www.example.cn', uc: 'https://uc.example.cn', sso: '' },
      ssoReturnOrigins: ['https://a.cn'],
    };
    const page = new DOMParser().parseFromString(
      `<!doctype html><body>${jsonScriptElement('cfg', config)}<p>after</p></body>`,
      'text/html',
    );
    expect(readJsonScriptElement(page, 'cfg', DEFAULT_RUNTIME_CONFIG)).toEqual(config);
    expect(page.querySelector('p')?.textContent).toBe('after');
  });

  it('falls back when the page has no block or an unreadable one', () => {
    const page = new DOMParser().parseFromString(
      '<!doctype html><script type="application/json" id="bad">{</script>',
      'text/html',
    );
    expect(readJsonScriptElement(page, 'missing', DEFAULT_RUNTIME_CONFIG)).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(readJsonScriptElement(page, 'bad', 1)).toBe(1);
  });
});
