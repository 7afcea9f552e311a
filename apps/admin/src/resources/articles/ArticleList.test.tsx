import { api, type ConsoleArticle } from '@lianmeng/core';
import { failure, mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';

const server = consoleServerForFile();

const row = (id: number, title: string): Omit<ConsoleArticle, 'body'> => ({
  id,
  typeId: 1,
  title,
  summary: '',
  publishTime: '2026-11-01T08:00:00.000Z',
  source: '',
  author: '',
  coverImage: '',
  attachments: [],
  published: true,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
});

describe('the article list', () => {
  it('puts back an article whose deletion the server refused, saying why in Chinese', async () => {
    const asked: string[] = [];
    openConsoleAs(
      server,
      'editor',
      '/articles',
      mockList(api.consoleApi.articleList, () => ({ rows: [row(41, '联盟年会'), row(42, '赛事通知')] })),
      mockCall(api.consoleApi.articleDelete, ({ params }) => {
        asked.push(String(params.id));
        return failure(403, '您的角色没有权限执行此操作');
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('联盟年会')).toBeInTheDocument();
    // The first checkbox selects every row; the next ones select one row each.
    await user.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: /删除/ }));
    // Undoable: the row goes at once, and the call is made when the undo notice has gone.
    await waitFor(() => expect(screen.queryByText('联盟年会')).not.toBeInTheDocument());
    await waitFor(() => expect(asked).toEqual(['41']), { timeout: 10_000 });
    expect(await screen.findByText(/您的角色没有权限执行此操作/)).toBeInTheDocument();
    expect(await screen.findByText('联盟年会')).toBeInTheDocument();
  });
});
