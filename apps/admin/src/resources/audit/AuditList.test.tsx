import { type AuditEntry, api } from '@lianmeng/core';
import { mockList } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';

const server = consoleServerForFile();

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  userId: 1,
  username: 'admin',
  action: 'sign-in',
  targetType: 'consoleUser',
  targetId: '1',
  detail: '{}',
  createTime: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

describe('the audit log', () => {
  it('lists who did what to which record, newest first, 25 a page, with the total from the server', async () => {
    const queries: URLSearchParams[] = [];
    openConsoleAs(
      server,
      'admin',
      '/audit',
      mockList(api.consoleApi.auditList, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return {
          rows: [
            entry({
              id: 9,
              username: 'staff',
              action: 'toggle',
              targetType: 'image',
              targetId: '4',
              detail: '{"isOpen":0}',
            }),
            entry({ id: 8, username: 'editor', action: 'sort-clear', targetType: 'imageSort', targetId: '3' }),
          ],
          total: 60,
        };
      }),
    );
    expect(await screen.findByText('图片 #4')).toBeInTheDocument();
    expect(screen.getByText('开关')).toBeInTheDocument();
    expect(screen.getByText('{"isOpen":0}')).toBeInTheDocument();
    expect(screen.getByText('清空分类')).toBeInTheDocument();
    expect(screen.getByText('图片分类 #3')).toBeInTheDocument();
    // react-admin's pagination reads the total the server put in Content-Range.
    expect(await screen.findByText('第 1-25 条，共 60 条')).toBeInTheDocument();
    const query = queries.at(-1);
    expect(JSON.parse(query?.get('sort') ?? '')).toEqual(['id', 'DESC']);
    expect(JSON.parse(query?.get('range') ?? '')).toEqual([0, 24]);
  });

  it('opens filtered by action through the server', async () => {
    const filters: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'upload' }))}`,
      mockList(api.consoleApi.auditList, ({ request }) => {
        filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
        return { rows: [entry({ id: 5, action: 'upload', targetType: 'upload', targetId: 'a.png' })] };
      }),
    );
    expect(await screen.findByText('上传文件 #a.png')).toBeInTheDocument();
    await waitFor(() => expect(filters).toContainEqual({ action: 'upload' }));
  });
});
