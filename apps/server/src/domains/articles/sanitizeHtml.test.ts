import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitizeHtml';

describe('sanitizeArticleHtml', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h2>标题</h2><p><strong>加粗</strong><a href="https://a.cn/x">链接</a></p><img src="/uploads/a.png" alt="图">';
    expect(sanitizeArticleHtml(html)).toBe(html.replace('alt="图">', 'alt="图" />'));
  });

  it('drops scripts, handlers, styles and javascript: urls', () => {
    const dirty =
      '<p onclick="x()" style="color:red">文<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://e.com"></iframe>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe/i);
    expect(clean).toContain('<p>文</p>');
  });

  it('adds rel="noopener noreferrer" to every link with a target, whatever it is spelled', () => {
    for (const target of ['_blank', '_BLANK', ' _blank', 'other-window']) {
      expect(sanitizeArticleHtml(`<a href="https://a.cn" target="${target}" rel="opener">x</a>`), target).toBe(
        `<a href="https://a.cn" target="${target}" rel="noopener noreferrer">x</a>`,
      );
    }
    expect(sanitizeArticleHtml('<a href="https://a.cn">x</a>')).toBe('<a href="https://a.cn">x</a>');
  });
});
