import { gunzipSync } from 'node:zlib';
import { XSRF_COOKIE } from '@lianmeng/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { HYDRATION_ELEMENT_ID } from './document';
import { buildPortalForTests, warmPortalRenderer } from './testing';

let portalDist: string;
let server: TestServer;

beforeAll(async () => {
  portalDist = await buildPortalForTests();
  server = await createTestServer(
    { portalDist, hosts: { main: '', uc: 'https://uc.example.cn', sso: '' } },
    undefined,
    {
      demoData: true,
    },
  );
  await warmPortalRenderer(server.app);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const page = (url: string, cookie?: string) =>
  server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const jsonBlock = (html: string, id: string) => {
  const match = html.match(new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`));
  if (!match?.[1]) throw new Error(`no ${id} block`);
  return JSON.parse(match[1]) as unknown;
};

const latestPublished = async (typeId?: number) => {
  let query = server.db.kysely.selectFrom('article').selectAll().where('published', '=', 1);
  if (typeId !== undefined) query = query.where('typeId', '=', typeId);
  return query.orderBy('publishTime', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
};

describe('server-rendered portal pages', () => {
  it('/index holds the menu, the hotline and filings, the partner tiles and every list title with its date', async () => {
    const response = await page('/index');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>首页 - 全国学校体育联盟（机器人运动）</title>');
    expect(html).toMatch(/<nav class="top-menu" aria-label="主菜单">/);
    expect(html).toContain('href="/news/list');
    const settings = (await server.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data as {
      hotline: string;
      icpNumber: string;
      publicSecurityNumber: string;
    };
    expect(html).toContain(`>${settings.hotline}</a>`);
    expect(html).toContain(settings.icpNumber);
    expect(html).toContain(settings.publicSecurityNumber);
    const partner = await server.db.kysely
      .selectFrom('imageMessage')
      .selectAll()
      .where('belongSortid', '=', 3)
      .where('isOpen', '=', 1)
      .executeTakeFirstOrThrow();
    expect(html).toContain(`alt="${partner.photoTitle}"`);
    // The banner ad appears once the script runs: its image is fetched while the script loads.
    const banner = await server.db.kysely
      .selectFrom('imageMessage')
      .selectAll()
      .where('belongSortid', '=', 2)
      .where('isOpen', '=', 1)
      .orderBy('id', 'desc')
      .execute();
    expect(banner.length).toBeGreaterThan(0);
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high" \/>/);
    const news = await latestPublished(1);
    expect(html).toMatch(new RegExp(`href="/news/detail/${news.id}"[^>]*>${news.title}</a>`));
    expect(html).toMatch(/<time dateTime="[^"]+">\d{4}年\d{2}月\d{2}日<\/time>/);
    // The data the page was drawn from travels with it, so the browser does not fetch it again.
    const hydration = jsonBlock(html, HYDRATION_ELEMENT_ID) as { router: { loaderData: Record<string, unknown> } };
    expect(Object.keys(hydration.router.loaderData)).toEqual(expect.arrayContaining(['layout']));
    expect(JSON.stringify(hydration)).toContain(news.title);
  });

  it("/index preloads the focus area's first picture, the file its <picture> picks on each screen, before the banner", async () => {
    const html = (await page('/index')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const first = html.match(
      /<picture class="focus-picture"><source media="([^"]+)" srcSet="([^"]+)"\/><img src="([^"]+)"/,
    );
    if (!first) throw new Error('no focus picture with a small source');
    const [, media, small, full] = first;
    expect(head).toContain(`<link rel="preload" as="image" href="${small}" media="${media}" fetchpriority="high" />`);
    expect(head).toContain(
      `<link rel="preload" as="image" href="${full}" media="not all and ${media}" fetchpriority="high" />`,
    );
    expect(head.indexOf(`href="${full}"`)).toBeLessThan(
      head.search(/<link rel="preload" as="image" href="[^"]+" fetchpriority/),
    );
  });

  it('a detail page holds the title, date, source, body and attachments, and describes itself for a shared link', async () => {
    const withFiles = await server.db.kysely
      .selectFrom('article')
      .selectAll()
      .where('published', '=', 1)
      .where('attachments', '!=', '[]')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .updateTable('article')
      .set({ coverImage: '/uploads/cover-test.png', summary: '一段用于分享预览的摘要' })
      .where('id', '=', withFiles.id)
      .execute();
    const response = await page(`/file/detail/${withFiles.id}?utm_source=wechat`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<h1 id="article-title">${withFiles.title}</h1>`);
    expect(html).toContain('发布时间：');
    // React separates two text nodes with an empty comment.
    if (withFiles.source) expect(html).toMatch(new RegExp(`来源：(<!-- -->)?${withFiles.source}`));
    const attachments = JSON.parse(withFiles.attachments) as { name: string; url: string }[];
    expect(attachments.length).toBeGreaterThan(0);
    for (const file of attachments) expect(html).toContain(`>${file.name}</a>`);
    expect(html).toContain(`<title>${withFiles.title} - 全国学校体育联盟（机器人运动）</title>`);
    expect(html).toContain('<meta name="description" content="一段用于分享预览的摘要" />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:80/file/detail/${withFiles.id}" />`);
    expect(html).toContain('<meta property="og:image" content="http://localhost:80/uploads/cover-test.png" />');
    expect(html).toContain(
      `<meta property="og:title" content="${withFiles.title} - 全国学校体育联盟（机器人运动）" />`,
    );
  });

  it('an article title cannot break out of the hydration block', async () => {
    const title = '</script><script>alert(1)</script><!-- 标题';
    const now = new Date().toISOString();
    const inserted = await server.db.kysely
      .insertInto('article')
      .values({
        typeId: 1,
        title,
        summary: '</script>摘要',
        body: '<p>正文</p>',
        publishTime: now,
        source: '测试',
        author: '',
        coverImage: '',
        attachments: '[]',
        published: 1,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await page(`/news/detail/${inserted.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/<!-- 标题/);
    // Every script element is either a module from our assets or a JSON block, and the block still reads back.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toMatch(/type="module"[^>]* src="\/|type="application\/json"/);
    expect(JSON.stringify(jsonBlock(html, HYDRATION_ELEMENT_ID))).toContain(JSON.stringify(title).slice(1, -1));
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- 标题</h1>');
  });

  it('/search?keyword= holds the results, and the search box is a GET form that works without script', async () => {
    const article = await latestPublished(2);
    const keyword = article.title.slice(0, 6);
    const response = await page(`/search?keyword=${encodeURIComponent(keyword)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body, keyword).toMatch(/共找到 (<!-- -->)?\d+(<!-- -->)? 条结果/);
    expect(response.body).toContain(`>${article.title}</a>`);
    expect(response.body).toMatch(/<form role="search" class="search-box" action="\/search" method="get">/);
    expect(response.body).toMatch(/<input id="site-search" type="search"[^>]* name="keyword"/);
  });

  it('the credit bank log-in page holds its form; a card holder page holds its frame and no data', async () => {
    const login = await page('/creditBank/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('学分银行登录');
    expect(login.body).toContain('卡号登录');
    expect(login.body).toMatch(/<input[^>]+type="password"/);
    const center = await page('/center');
    expect(center.statusCode).toBe(200);
    expect(center.body).toContain('data-testid="skeleton"');
    expect(center.headers['x-page-cache']).toBe('off');
  });

  it("puts antd's styles of the page in the head, once each; a page without antd has none", async () => {
    const login = await page('/creditBank/login');
    const head = login.body.slice(0, login.body.indexOf('</head>'));
    const hashes = [...head.matchAll(/<style[^>]* data-css-hash="([^"]+)"/g)].map((match) => match[1]);
    expect(hashes.length).toBeGreaterThan(5);
    expect(new Set(hashes).size).toBe(hashes.length);
    // The tabs' and the buttons' own rules, and the map that lets the browser adopt them instead of injecting.
    expect(head).toMatch(/\.ant-tabs[^{]*\{/);
    expect(head).toMatch(/\.ant-btn-primary/);
    expect(head).toContain('data-ant-cssinjs-cache-path');
    const center = await page('/center');
    expect(center.body).not.toContain('<style');
    const index = await page('/index');
    expect(index.body).not.toContain('data-ant-cssinjs-cache-path');
  });

  it('answers an empty or unknown path with a redirect to /index, an unknown article with a Chinese 404 in the layout', async () => {
    for (const url of ['/', '/no/such/page', '/home']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/index');
    }
    const missing = await page('/news/detail/987654321');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('未找到这篇文章');
    expect(missing.body).toContain('aria-label="主菜单"');
    expect(missing.body).toContain('<title>文章不存在 - 全国学校体育联盟（机器人运动）</title>');
    // The API routes keep their JSON 404.
    const api = await server.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
  });

  it('the configured hosts reach the page, for the browser to send its calls there', async () => {
    const response = await page('/index');
    expect(jsonBlock(response.body, 'lianmeng-config')).toEqual({
      hosts: { main: '', uc: 'https://uc.example.cn', sso: '' },
      ssoReturnOrigins: [],
    });
  });

  it('renders the elderly-friendly mode from its cookie, without the banner ad, cached apart from the standard page', async () => {
    const standard = await page('/news/list');
    expect(standard.body).toMatch(/<html lang="zh-CN">/);
    const elderly = await page('/news/list', 'elderlyMode=1');
    expect(elderly.body).toMatch(/<html lang="zh-CN" class="elderly-mode">/);
    expect(elderly.body).toContain('aria-pressed="true"');
    expect(standard.body).toContain('aria-pressed="false"');
    // No banner ad in the elderly-friendly mode, so nothing to preload for it.
    expect(standard.body).toContain('rel="preload" as="image"');
    expect(elderly.body).not.toContain('rel="preload" as="image"');
  });
});

describe('the page cache', () => {
  it('serves an anonymous page again from memory and sets the anti-forgery cookie on every answer', async () => {
    await page('/match/notice');
    const again = await page('/match/notice');
    expect(again.headers['x-page-cache']).toBe('hit');
    const cookies = again.cookies.map((cookie) => cookie.name);
    expect(cookies).toContain(XSRF_COOKIE);
    const compressed = await server.app.inject({
      method: 'GET',
      url: '/match/notice',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(again.body);
  });

  it("an editor's write shows on the next request, through the site version the database's triggers keep", async () => {
    const first = await page('/index');
    const second = await page('/index');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);

    const editor = await server.signIn('editor');
    const partner = {
      belongSortid: 3,
      isOpen: 1,
      photoAddress: 'https://cdn.example.com/p.png',
      photoTitle: '新合作伙伴甲',
    };
    const inserted = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: partner,
    });
    expect(inserted.statusCode).toBe(200);
    // Another process reads the version at most every 250 ms; this one too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await page('/index');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('alt="新合作伙伴甲"');
  });

  it('the triggers bump the version on insert, update and delete of articles and site settings', async () => {
    const version = async () =>
      Number(
        (
          await sql<{ version: string | number }>`select version from site_version where id = 1`.execute(
            server.db.kysely,
          )
        ).rows[0]?.version,
      );
    const start = await version();
    await server.db.kysely
      .insertInto('siteSetting')
      .values({ key: 'hotline', value: '010-1234 5678', updateTime: new Date().toISOString() })
      .execute();
    const afterSetting = await version();
    expect(afterSetting).toBeGreaterThan(start);
    const article = await latestPublished();
    await server.db.kysely.updateTable('article').set({ title: '改过的标题' }).where('id', '=', article.id).execute();
    const afterUpdate = await version();
    expect(afterUpdate).toBeGreaterThan(afterSetting);
    await server.db.kysely.deleteFrom('article').where('id', '=', article.id).execute();
    expect(await version()).toBeGreaterThan(afterUpdate);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await page('/index')).body).toContain('010-1234 5678');
  });
});

describe('a failure while rendering', () => {
  it('answers 500 with a Chinese page and no stack', async () => {
    const broken = await createTestServer({ portalDist });
    try {
      await sql`drop table article_total`.execute(broken.db.kysely);
      const response = await broken.app.inject({ method: 'GET', url: '/news/list' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toMatch(/[\u4e00-\u9fa5]/);
      expect(response.body).not.toMatch(/\n\s+at |Error:|SqliteError|node_modules/);
      expect(response.headers['x-page-cache']).toBe('off');
    } finally {
      await broken.close();
    }
  });
});
