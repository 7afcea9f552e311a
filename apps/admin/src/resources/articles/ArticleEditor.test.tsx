import { api, COLUMNS, type ConsoleArticle } from '@lianmeng/core';
import { mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillArticleRequired, fillIn, save } from '../../testing/form';
import { stubLayoutForEditor } from './editor/jsdomLayout';

const server = consoleServerForFile();

beforeAll(async () => {
  stubLayoutForEditor();
  // The form and its editor are lazy chunks; loading them once here keeps their first transform out of the
  // first test's wait.
  await Promise.all([import('./ArticleCreate'), import('./editor/ArticleBodyEditor')]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const created: ConsoleArticle[] = [];
const openEditor = () => {
  created.length = 0;
  return openConsoleAs(
    server,
    'editor',
    '/articles/create',
    mockCall(api.consoleApi.articleCreate, async ({ request }) => {
      // What the form sent: the create call fills in what it left out.
      const body = (await request.json()) as Partial<ConsoleArticle>;
      created.push(body as ConsoleArticle);
      return {
        typeId: 1,
        title: '',
        body: '',
        publishTime: '2026-11-01T08:00:00.000Z',
        summary: '',
        source: '',
        author: '',
        coverImage: '',
        attachments: [],
        published: false,
        ...body,
        id: 31,
        createTime: '2026-11-01T08:00:00.000Z',
        updateTime: '2026-11-01T08:00:00.000Z',
      };
    }),
    mockList(api.consoleApi.articleList, () => ({ rows: [] })),
  );
};

const fillRequired = (user: ReturnType<typeof userEvent.setup>) => fillArticleRequired(user, '联盟年会在北京举行');

describe('the article editor', () => {
  it('submits what was typed in the body, with the column, title and a draft flag', async () => {
    const user = userEvent.setup();
    openEditor();
    await fillRequired(user);
    const body = await screen.findByRole('textbox', { name: '正文' });
    await user.click(body);
    await user.type(body, '来自全国的代表参加了大会');
    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      typeId: COLUMNS[0]?.typeId,
      title: '联盟年会在北京举行',
      published: false,
      attachments: [],
    });
    expect(created[0]?.body).toBe('<p>来自全国的代表参加了大会</p>');
    expect(Number.isNaN(Date.parse(created[0]?.publishTime ?? ''))).toBe(false);
  });

  it('submits the formatting applied from the toolbar, with a safe link', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'prompt').mockReturnValue('https://www.example.edu.cn/news');
    openEditor();
    await fillRequired(user);
    const body = await screen.findByRole('textbox', { name: '正文' });
    await user.click(body);
    await user.type(body, '大会报道');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: '加粗' }));
    await user.click(screen.getByRole('button', { name: '项目列表' }));
    await user.click(screen.getByRole('button', { name: '链接' }));
    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.body).toBe(
      '<ul><li><p><a target="_blank" rel="noopener noreferrer" href="https://www.example.edu.cn/news"><strong>大会报道</strong></a></p></li></ul>',
    );
  });

  it('says in Chinese what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    openEditor();
    await fillIn(user, /^标题/, '只有标题');
    await save(user);
    expect(await screen.findByText('请选择栏目')).toBeInTheDocument();
    expect(created).toEqual([]);
  });
});
