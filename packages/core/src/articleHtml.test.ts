import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './articleHtml';

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

  it('keeps the figures and tables the console editor writes, as they are', () => {
    const html =
      '<figure><img src="/uploads/a.png" alt="决赛现场" width="800" height="600" /><figcaption>总决赛</figcaption></figure>' +
      '<table><tbody><tr><th><p>队伍</p></th><th><p>成绩</p></th></tr><tr><td colspan="2" rowspan="1"><p>合并</p></td></tr></tbody></table>' +
      '<blockquote><p>引用<br />换行</p></blockquote><ol><li><p><a target="_blank" rel="noopener noreferrer" href="/news/1">站内</a></p></li></ol>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('drops the styles, classes and sizes a table or figure may come with', () => {
    expect(
      sanitizeArticleHtml(
        '<table style="min-width:50px" class="t"><colgroup><col style="width:80px" /></colgroup><tbody><tr><td style="text-align:center" colwidth="80" data-x="1" onclick="x()">格</td></tr></tbody></table><figure style="float:left" class="f"><img src="/uploads/a.png" alt="图" style="width:10px" /></figure>',
      ),
    ).toBe('<table><tbody><tr><td>格</td></tr></tbody></table><figure><img src="/uploads/a.png" alt="图" /></figure>');
  });
});
