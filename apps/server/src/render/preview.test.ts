import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { buildPortalForTests, warmPortalRenderer } from './testing';

let portalDist: string;
let server: TestServer;
let editor: string;
let staff: string;

beforeAll(async () => {
  portalDist = await buildPortalForTests();
  server = await createTestServer({ portalDist });
  await warmPortalRenderer(server.app);
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const PREVIEW = '/lianmeng/api/articles/preview';
const draft = {
  typeId: 1,
  title: '预览中的赛事通知',
  publishTime: '2026-03-01T08:00:00.000Z',
  source: '联盟秘书处',
  body: '<p>正文第一段</p><script>alert("x")</script><img src="x" onerror="alert(1)">',
  attachments: [{ name: '2026年赛事通知.pdf', url: `/uploads/${'a'.repeat(32)}.pdf`, size: 2048 }],
  published: true,
};

const preview = (cookie: string | null, payload: object, options: { xsrf?: boolean } = {}) =>
  server.consoleInject(cookie, { method: 'POST', url: PREVIEW, payload, ...options });

const stored = async () => ({
  articles: await server.db.kysely.selectFrom('article').select('id').execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select('id').where('action', '!=', 'sign-in').execute(),
});

describe('POST /lianmeng/api/articles/preview', () => {
  it('answers the portal detail page of the unsaved article: layout, title, sanitised body, attachments', async () => {
    const before = await stored();
    const response = await preview(editor, draft);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { html } = response.json().data as { html: string };
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>预览：预览中的赛事通知 - 全国学校体育联盟（机器人运动）</title>');
    expect(html).toMatch(/<nav class="top-menu" aria-label="主菜单">/);
    expect(html).toContain('<h1 id="article-title">预览中的赛事通知</h1>');
    expect(html).toMatch(/来源：(<!-- -->)?联盟秘书处/);
    expect(html).toContain('<p>正文第一段</p>');
    expect(html).toMatch(/<a href="\/uploads\/a{32}\.pdf" download="">2026年赛事通知\.pdf<\/a>/);
    // The body went through the sanitiser, and the page carries no script of its own.
    expect(html).not.toContain('onerror');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    // Nothing was saved, published or audited.
    expect(await stored()).toEqual(before);
  });

  it('shows a column without a detail route of its own in the news area', async () => {
    const response = await preview(editor, { ...draft, typeId: 3, title: '联盟简介预览' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.html).toContain('<h1 id="article-title">联盟简介预览</h1>');
  });

  it('refuses anonymous callers, staff, a call without the anti-forgery header and an unknown column', async () => {
    expect((await preview(null, draft)).json()).toEqual({ status: 401, message: '请先登录管理台' });
    expect((await preview(staff, draft)).statusCode).toBe(403);
    expect((await preview(editor, draft, { xsrf: false })).statusCode).toBe(403);
    const unknown = await preview(editor, { ...draft, typeId: 999 });
    expect(unknown.json()).toEqual({ status: 400, message: '栏目：没有这个栏目' });
  });
});
