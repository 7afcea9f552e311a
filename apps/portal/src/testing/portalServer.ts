import {
  type Article,
  api,
  COLUMNS,
  DEFAULT_CERTIFICATION_URL,
  type EventDetail,
  type SiteSettings,
} from '@lianmeng/core';
import { eventDetailFixture, imageSearchHandler, mockCall } from '@lianmeng/core/testing';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const SETTINGS: SiteSettings = {
  hotline: '010-6600 0000',
  copyright: '版权所有 © 全国学校体育联盟（机器人运动）',
  icpNumber: '京ICP备00000000号-1',
  icpLink: 'https://beian.miit.gov.cn/',
  publicSecurityNumber: '京公网安备 11000000000000号',
  publicSecurityLink: 'https://beian.mps.gov.cn/',
  sponsor: '全国学校体育联盟机器人工作委员会',
  certificationUrl: DEFAULT_CERTIFICATION_URL,
  logoImage: '',
};

/** Three dated articles in every column, newest first, each with a body, a source and one attachment. */
export const ARTICLES: Article[] = COLUMNS.flatMap((column) =>
  [1, 2, 3].map((n) => ({
    id: column.typeId * 100 + n,
    typeId: column.typeId,
    title: `${column.title}测试文章${n}`,
    summary: `${column.title}摘要${n}`,
    publishTime: `2026-11-${String(20 - n).padStart(2, '0')}T07:30:00.000Z`,
    source: '联盟秘书处',
    coverImage: '',
    author: '通讯员',
    body: `<p>${column.title}正文${n}</p>`,
    attachments: [{ name: `${column.title}附件${n}.pdf`, url: `/uploads/file-${column.typeId}-${n}.pdf`, size: 2048 }],
  })),
);

const summary = ({ author: _a, body: _b, attachments: _c, ...rest }: Article) => rest;

export const articleHandlers = (articles: Article[] = ARTICLES): RequestHandler[] => [
  mockCall(api.content.articles, ({ request }) => {
    const url = new URL(request.url);
    const typeId = url.searchParams.get('typeId');
    const keyword = url.searchParams.get('keyword');
    const pageNum = Number(url.searchParams.get('pageNum') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
    const matching = articles.filter(
      (article) =>
        (typeId === null || article.typeId === Number(typeId)) && (keyword === null || article.title.includes(keyword)),
    );
    return {
      list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(summary),
      total: matching.length,
    };
  }),
  mockCall(api.content.article, ({ params }) => {
    const article = articles.find((entry) => entry.id === Number(params.id));
    if (!article) return Response.json({ status: 404, message: '文章不存在' }, { status: 404 });
    const column = articles.filter((entry) => entry.typeId === article.typeId);
    const index = column.indexOf(article);
    const neighbour = (entry: Article | undefined) => (entry ? { id: entry.id, title: entry.title } : null);
    return { ...article, previous: neighbour(column[index - 1]), next: neighbour(column[index + 1]) };
  }),
];

/** Two public events: one open for registration (7), one before its window (8). */
export const EVENTS: EventDetail[] = [
  eventDetailFixture(),
  eventDetailFixture({
    id: 8,
    name: '2027 年机器人运动会（市级·创意类）',
    type: 'creative',
    typeLabel: '创意类',
    level: '市级',
    organizerName: '上海市实验学校',
    registrationOpens: '2027-05-01T01:30:00.000Z',
    registrationCloses: '2027-05-20T09:00:00.000Z',
    phase: 'upcoming',
    phaseLabel: '即将报名',
  }),
];

export const eventHandlers = (events: EventDetail[] = EVENTS): RequestHandler[] => [
  // mockCall answers through the call's schema, which drops what a list entry does not carry (items, description…).
  mockCall(api.matchEvents.list, () => ({ list: events, total: events.length })),
  mockCall(api.matchEvents.detail, ({ params }) => {
    const event = events.find((entry) => entry.id === Number(params.id));
    return event ?? Response.json({ status: 404, message: '赛事不存在' }, { status: 404 });
  }),
];

export const defaultHandlers = (): RequestHandler[] => [
  mockCall(api.site.settings, () => SETTINGS),
  // The header asks a logged-in holder's unread count on every page.
  mockCall(api.creditHolder.unreadCount, () => ({ unread: 0 })),
  // /creditBank/info asks for the card's certificates beside its records.
  mockCall(api.matchCertificates.mine, () => []),
  imageSearchHandler([]),
  ...articleHandlers(),
  ...eventHandlers(),
];

/** msw for one test file: the default portal answers, reset after every test; unmocked calls fail the test. */
export const setupPortalServer = () => {
  const server = setupServer(...defaultHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
};
