import { type Article, COLUMN_BY_KEY } from '@lianmeng/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARTICLES, articleHandlers, setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';
import { HOME_SECTIONS } from './homeSections';

const server = setupPortalServer();

const { news, exchangeAchievements } = COLUMN_BY_KEY;
/** The test data with covers on the news column's articles and one exchange achievement. */
const withCovers: Article[] = ARTICLES.map((article) =>
  article.typeId === news.typeId || article.id === exchangeAchievements.typeId * 100 + 1
    ? { ...article, coverImage: `/uploads/cover-${article.id}.png` }
    : article,
);

describe('the home page with its focus area', () => {
  it("shows the sections' newest covered articles as pictures without a call of its own", async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/content/articles') asked.push(request.url);
    });
    server.use(...articleHandlers(withCovers));
    renderApp('/index');
    const area = await screen.findByRole('region', { name: '焦点图' });
    const pictures = within(area).getAllByRole('img', { hidden: true });
    // Published at the same moment, the later id comes first.
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([
      '交流成果测试文章1',
      '新闻动态测试文章1',
      '新闻动态测试文章2',
      '新闻动态测试文章3',
    ]);
    await waitFor(() => expect(screen.getAllByRole('region').length).toBeGreaterThan(HOME_SECTIONS.length));
    expect(asked).toHaveLength(HOME_SECTIONS.length);
    server.events.removeAllListeners();
  });

  it('lists the newest titles as text when no article has a cover', async () => {
    renderApp('/index');
    const area = await screen.findByRole('region', { name: '要闻' });
    expect(within(area).queryByRole('img')).not.toBeInTheDocument();
    expect(within(area).getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});
