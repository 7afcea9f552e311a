import { describe, expect, it } from 'vitest';
import { pageDocument } from './document';

/** The shape of the built index.html: the script and the site's stylesheet after the title. */
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>x</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const parts = {
  head: { canonical: 'http://localhost/creditBank/login' },
  html: '<main>页面</main>',
  elderly: false,
  runtimeConfig: { hosts: { main: '', uc: '', sso: '' }, ssoReturnOrigins: [] },
};

describe('pageDocument', () => {
  it("puts antd's styles in the head before the site's stylesheet, so the site's own rules still win", () => {
    const styles = '<style data-css-hash="abc">:where(.css-1).ant-btn{color:red}</style>';
    const html = pageDocument(TEMPLATE, { ...parts, styles });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(styles);
    expect(head.indexOf(styles)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    expect(html.split(styles)).toHaveLength(2);
  });

  it('adds no style element to a page without antd', () => {
    expect(pageDocument(TEMPLATE, parts)).not.toContain('<style');
  });

  it('preloads an image for the screens its media query names, and writes no media for one every screen shows', () => {
    const preloadImages = [{ href: '/uploads/a-small.png', media: '(max-width: 480px)' }, { href: '/uploads/b.png' }];
    const html = pageDocument(TEMPLATE, { ...parts, head: { ...parts.head, preloadImages } });
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/a-small.png" media="(max-width: 480px)" fetchpriority="high" />',
    );
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/b.png" fetchpriority="high" />');
  });
});
