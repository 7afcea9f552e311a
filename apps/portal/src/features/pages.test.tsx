import { type Article, api } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ARTICLES, articleHandlers, setupPortalServer } from '../testing/portalServer';
import { renderApp } from '../testing/renderApp';

const server = setupPortalServer();

const firstNews = ARTICLES[0] as Article;

const manyNews: Article[] = Array.from({ length: 23 }, (_, index) => ({
  ...firstNews,
  id: 5000 + index,
  title: `第${index + 1}条新闻`,
  publishTime: `2026-10-${String(28 - index).padStart(2, '0')}T02:00:00.000Z`,
}));

describe('the home page', () => {
  it('shows the latest news, announcements, education, match and exchange items, each dated', async () => {
    renderApp('/index');
    for (const title of ['新闻动态', '通知公告', '教育教学', '赛事通知', '交流进展', '交流成果']) {
      const section = await screen.findByRole('region', { name: title });
      const items = await within(section).findAllByRole('listitem');
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(within(item).getByText(/^\d{4}年\d{2}月\d{2}日$/)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '更多新闻动态' })).toHaveAttribute('href', '/news/list/1');
  });

  it('shows skeletons while loading', async () => {
    server.use(
      http.get('*/api/content/articles', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/index');
    expect((await screen.findAllByTestId('skeleton')).length).toBeGreaterThan(0);
  });
});

describe('list pages', () => {
  it('say 当前位置 with the news area, date every item and page through the column', async () => {
    server.use(...articleHandlers([...manyNews, ...ARTICLES.slice(3)]));
    renderApp('/news/list/1-0');
    const crumb = await screen.findByRole('navigation', { name: '当前位置' });
    expect(crumb).toHaveTextContent('当前位置：首页>新闻>新闻动态');
    await screen.findByRole('link', { name: '第1条新闻' });
    const list = screen.getByRole('heading', { level: 1, name: /新闻动态/ }).parentElement as HTMLElement;
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.closest('.article-list'));
    expect(items).toHaveLength(10);
    for (const item of items) expect(within(item).getByText(/^\d{4}年\d{2}月\d{2}日$/)).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByRole('link', { name: '第21条新闻' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '第1条新闻' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?page=3');
  });

  it('show an empty state for a column without items', async () => {
    server.use(...articleHandlers([]));
    renderApp('/topic/competition');
    expect(await screen.findByText('暂无内容')).toBeInTheDocument();
  });

  it('ask the articles call for the column of the path segment', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/content/articles', ({ request }) => {
        asked.push(new URL(request.url).searchParams.toString());
        return undefined;
      }),
      ...articleHandlers(),
    );
    renderApp('/exchange/term/17-3');
    await screen.findByRole('link', { name: '学期项目测试文章1' });
    expect(asked).toContain('typeId=17&pageNum=1&pageSize=10');
  });
});

describe('detail pages', () => {
  it('show title, date, source, body, attachments, previous and next', async () => {
    renderApp('/news/detail/102');
    expect(await screen.findByRole('heading', { level: 1, name: '新闻动态测试文章2' })).toBeInTheDocument();
    expect(screen.getByText(/^发布时间：2026年11月18日 \d{2}:30$/)).toBeInTheDocument();
    expect(screen.getByText('来源：联盟秘书处')).toBeInTheDocument();
    expect(screen.getByText('新闻动态正文2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新闻动态附件2.pdf' })).toHaveAttribute('href', '/uploads/file-1-2.pdf');
    expect(screen.getByRole('link', { name: '新闻动态测试文章1' })).toHaveAttribute('href', '/news/detail/101');
    expect(screen.getByRole('link', { name: '新闻动态测试文章3' })).toHaveAttribute('href', '/news/detail/103');
    expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('新闻>新闻动态>正文');
  });

  it('render only the body as HTML, and drop attachment links that are not web addresses', async () => {
    server.use(
      mockCall(api.content.article, () => ({
        ...firstNews,
        title: '<b>标题不是HTML</b>',
        body: '<p><strong>加粗正文</strong></p>',
        attachments: [
          { name: '坏链接', url: 'javascript:alert(1)' },
          { name: '好链接', url: '/uploads/a.pdf' },
        ],
        previous: null,
        next: null,
      })),
    );
    renderApp('/news/detail/101');
    expect(await screen.findByRole('heading', { level: 1, name: '<b>标题不是HTML</b>' })).toBeInTheDocument();
    expect(screen.getByText('加粗正文').tagName).toBe('STRONG');
    expect(screen.queryByText('坏链接')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '好链接' })).toBeInTheDocument();
    expect(screen.getAllByText(/没有了/)).toHaveLength(2);
  });
});

describe('the other areas', () => {
  it('care: a paged list of 寄语 with name and date', async () => {
    renderApp('/care/index');
    expect(await screen.findByText('大家关怀摘要1')).toBeInTheDocument();
    expect(screen.getByText('大家关怀测试文章1')).toBeInTheDocument();
    expect(screen.getAllByText(/^\d{4}年\d{2}月\d{2}日$/)).toHaveLength(3);
  });

  it('single articles: the newest article of the column, whole', async () => {
    renderApp('/alone/5');
    expect(await screen.findByRole('heading', { level: 1, name: '组织机构测试文章1' })).toBeInTheDocument();
    expect(screen.getByText('组织机构正文1')).toBeInTheDocument();
  });

  it('files: each file opens the page with its download', async () => {
    renderApp('/file');
    fireEvent.click(await screen.findByRole('link', { name: '文件下载测试文章1' }));
    expect(await screen.findByRole('link', { name: '文件下载附件1.pdf' })).toHaveAttribute('download');
  });

  it('certification: explains the external service and links out in a new tab', async () => {
    renderApp('/certification');
    expect(await screen.findByText(/80 分及以上为通过/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /前往测评认证服务平台/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('education tabs move between the education columns', async () => {
    renderApp('/education/jc');
    fireEvent.click(await screen.findByRole('link', { name: '器材规范' }));
    await waitFor(() => expect(window.location.pathname).toBe('/education/qc/12'));
    expect(await screen.findByRole('heading', { level: 1, name: /器材规范/ })).toBeInTheDocument();
  });
});
