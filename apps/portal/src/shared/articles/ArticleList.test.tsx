import { type Article, type ArticleSummary, COLUMN_BY_KEY } from '@lianmeng/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ARTICLES, articleHandlers, setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';
import { ArticleList } from './ArticleList';
import { AREAS } from './areas';

const server = setupPortalServer();

const summary = (n: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: n,
  typeId: 1,
  title: `文章${n}`,
  summary: '',
  publishTime: '2026-11-20T02:00:00.000Z',
  source: '联盟秘书处',
  coverImage: `/uploads/cover-${n}.png`,
  ...overrides,
});

const renderList = (articles: ArticleSummary[], withCovers: boolean) =>
  render(
    <MemoryRouter>
      <ArticleList articles={articles} area={AREAS.news} withCovers={withCovers} />
    </MemoryRouter>,
  );

describe('covers in article lists', () => {
  it("shows a pictorial item's small cover with alt text and its size, loaded lazily, out of the tab order", () => {
    renderList(
      [
        summary(1, { coverSmall: '/uploads/cover-1-small.png', coverWidth: 356, coverHeight: 200 }),
        summary(2),
        summary(3, { coverImage: '' }),
      ],
      true,
    );
    const [first, second, third] = screen.getAllByRole('listitem');
    const img = within(first as HTMLElement).getByRole('img', { name: '文章1' });
    expect(img).toHaveAttribute('src', '/uploads/cover-1-small.png');
    expect(img).toHaveAttribute('width', '356');
    expect(img).toHaveAttribute('height', '200');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.closest('a')).toHaveAttribute('href', '/news/detail/1');
    expect(img.closest('a')).toHaveAttribute('tabindex', '-1');
    // A cover the server has no small image for is shown as it is, in a box of the usual size.
    const plain = within(second as HTMLElement).getByRole('img', { name: '文章2' });
    expect(plain).toHaveAttribute('src', '/uploads/cover-2.png');
    expect(plain).toHaveAttribute('width', '356');
    expect(plain).toHaveAttribute('height', '200');
    expect(within(third as HTMLElement).queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps text-only lists without pictures', () => {
    renderList([summary(1, { coverSmall: '/uploads/cover-1-small.png' })], false);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows covers on the news and exchange achievements lists, not on the announcements list', async () => {
    const covered: Article[] = ARTICLES.map((article) => ({ ...article, coverImage: `/uploads/c-${article.id}.png` }));
    server.use(...articleHandlers(covered));
    const { news, exchangeAchievements, announcements } = COLUMN_BY_KEY;

    const newsPage = renderApp(`/news/list/${news.typeId}`);
    expect(await screen.findByRole('img', { name: '新闻动态测试文章1' })).toHaveAttribute('loading', 'lazy');
    newsPage.unmount();

    const achievements = renderApp(`/exchange/achievements/${exchangeAchievements.typeId}`);
    expect(await screen.findByRole('img', { name: '交流成果测试文章1' })).toBeInTheDocument();
    achievements.unmount();

    renderApp(`/news/list/${announcements.typeId}`);
    await screen.findByRole('link', { name: '通知公告测试文章1' });
    expect(screen.queryByRole('img', { name: '通知公告测试文章1' })).not.toBeInTheDocument();
  });
});
