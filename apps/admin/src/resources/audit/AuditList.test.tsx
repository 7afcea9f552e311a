import { type AuditEntry, api, type Institution } from '@lianmeng/core';
import { mockList } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn } from '../../testing/form';

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

const SCHOOL: Institution = {
  id: 7,
  code: 'BJ-S0001',
  name: '北京市第一中学',
  kind: 'memberSchool',
  province: '北京市',
  city: '北京市',
  county: '',
  status: 'active',
  accountCount: 1,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
};
/** The institution filter's choices. */
const institutions = mockList(api.consoleApi.institutionList, () => ({ rows: [SCHOOL] }));

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
            // A visitor's check of a proof: no user, a target the credit bank added.
            entry({ id: 7, username: '', action: 'proof-check', targetType: 'creditProof', targetId: '1' }),
          ],
          total: 60,
        };
      }),
      institutions,
    );
    expect(await screen.findByText('图片 #4')).toBeInTheDocument();
    expect(screen.getByText('开关')).toBeInTheDocument();
    expect(screen.getByText('{"isOpen":0}')).toBeInTheDocument();
    expect(screen.getByText('清空分类')).toBeInTheDocument();
    expect(screen.getByText('图片分类 #3')).toBeInTheDocument();
    expect(screen.getByText('查验证明')).toBeInTheDocument();
    expect(screen.getByText('学习成果证明 #1')).toBeInTheDocument();
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
      institutions,
    );
    expect(await screen.findByText('上传文件 #a.png')).toBeInTheDocument();
    await waitFor(() => expect(filters).toContainEqual({ action: 'upload' }));
  });

  it('filters by institution and by holder card number through the server, a partial number not sent', async () => {
    const filters: Record<string, unknown>[] = [];
    openConsoleAs(
      server,
      'admin',
      '/audit',
      mockList(api.consoleApi.auditList, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
        filters.push(filter);
        return {
          rows: [
            entry({
              id: 3,
              username: '卡号10000003',
              action: filter.institutionId ? 'record' : 'sign-in',
              targetType: 'creditRecord',
              targetId: '41',
            }),
          ],
        };
      }),
      institutions,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: '机构' }));
    await user.click(await screen.findByRole('option', { name: '北京市第一中学（BJ-S0001）' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ institutionId: 7 }));
    expect(await screen.findByText('登记学分')).toBeInTheDocument();
    expect(screen.getByText('学分记录 #41')).toBeInTheDocument();

    await fillIn(user, '持卡人卡号', '1000');
    expect(await screen.findByText('卡号应为 8 到 20 位数字')).toBeInTheDocument();
    // Longer than the filters' pause: the partial number never reached the server.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(filters.some((filter) => 'holderCardNo' in filter)).toBe(false);
    await fillIn(user, '持卡人卡号', '0001');
    await waitFor(() => expect(filters.at(-1)).toEqual({ institutionId: 7, holderCardNo: '10000001' }));
  });
});
