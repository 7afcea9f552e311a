import { type Account, api } from '@lianmeng/core';
import { mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn, replaceText, save } from '../../testing/form';
import { testAccount } from './testAccount';

const server = consoleServerForFile();

const ACCOUNTS = [
  testAccount({ id: 1, username: 'admin', displayName: '系统管理员', role: 'admin' }),
  testAccount({ id: 2 }),
  testAccount({ id: 3, username: 'staff', displayName: '内容运营', role: 'staff', disabled: true }),
];

describe('the accounts screens', () => {
  it('list every account with its Chinese role, searching through the server', async () => {
    const filters: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/accounts',
      mockList(api.consoleApi.accountList, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string };
        filters.push(filter);
        const rows = ACCOUNTS.filter((row) => !filter.q || row.username.includes(filter.q));
        return { rows };
      }),
    );
    const row = (await screen.findByText('联盟编辑')).closest('tr') as HTMLElement;
    expect(within(row).getByText('编辑')).toBeInTheDocument();
    expect(screen.getByText('系统管理员')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('搜索用户名或姓名'), 'sta');
    // The search is debounced: on a slow machine a request for a shorter prefix may go first, and already hide
    // the editor, so the test waits for the whole word's request before reading the list.
    await waitFor(() => expect(filters).toContainEqual({ q: 'sta' }));
    await waitFor(() => expect(screen.queryByText('联盟编辑')).not.toBeInTheDocument());
    expect(screen.getByText('staff')).toBeInTheDocument();
  });

  it('create an editor or staff account with what the administrator typed', async () => {
    const created: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/accounts/create',
      mockCall(api.consoleApi.accountCreate, async ({ request }) => {
        const body = (await request.json()) as Account;
        created.push(body);
        return testAccount({ ...body, id: 9 });
      }),
      mockList(api.consoleApi.accountList, () => ({ rows: ACCOUNTS })),
    );
    const user = userEvent.setup();
    await fillIn(user, /用户名/, 'writer.li');
    await fillIn(user, /姓名/, '李编辑');
    await user.click(screen.getByRole('combobox', { name: /角色/ }));
    // Only editor and staff can be created; administrators come from the seed.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['编辑', '内容运营']);
    await user.click(screen.getByRole('option', { name: '内容运营' }));
    await fillIn(user, /初始密码/, 'short');
    await save(user);
    expect(await screen.findByText(/至少 \d+ 个字符/)).toBeInTheDocument();
    expect(created).toEqual([]);
    await fillIn(user, /初始密码/, '-and-long-enough-1');
    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      username: 'writer.li',
      displayName: '李编辑',
      role: 'staff',
      password: 'short-and-long-enough-1',
    });
  });

  it('show the password rule’s reason as the administrator types, and send no guessable password', async () => {
    const created: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/accounts/create',
      mockCall(api.consoleApi.accountCreate, async ({ request }) => {
        created.push(await request.json());
        return testAccount({ id: 9 });
      }),
      mockList(api.consoleApi.accountList, () => ({ rows: ACCOUNTS })),
    );
    const user = userEvent.setup();
    await fillIn(user, /用户名/, 'wangwei');
    await fillIn(user, /姓名/, '王伟');
    await fillIn(user, /初始密码/, 'aaaaaaaa');
    expect(await screen.findByText(/密码太容易被猜到.*重复/)).toBeInTheDocument();
    await replaceText(user, screen.getByLabelText(/初始密码/), 'wangwei2026');
    expect(await screen.findByText(/不要包含自己的卡号、手机号或用户名/)).toBeInTheDocument();
    await save(user);
    expect(created).toEqual([]);
    await replaceText(user, screen.getByLabelText(/初始密码/), 'Xk9#mP2$vL-robot');
    await waitFor(() => expect(screen.queryByText(/密码太容易被猜到/)).not.toBeInTheDocument());
  });

  it('disable an account: the whole record goes back with disabled set', async () => {
    const updates: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/accounts/2',
      mockCall(api.consoleApi.accountOne, () => ACCOUNTS[1] as Account),
      mockCall(api.consoleApi.accountUpdate, async ({ request, params }) => {
        const body = (await request.json()) as Account;
        updates.push({ id: params.id, body });
        return { ...(ACCOUNTS[1] as Account), disabled: true };
      }),
      mockList(api.consoleApi.accountList, () => ({ rows: ACCOUNTS })),
    );
    const user = userEvent.setup();
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('联盟编辑'));
    expect(screen.getByLabelText(/用户名/)).toBeDisabled();
    await user.click(screen.getByLabelText(/停用/));
    await save(user);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ id: '2', body: { id: 2, username: 'editor', disabled: true } });
  });

  it('ask for the current password on one’s own account only, and send it with the new one', async () => {
    const updates: unknown[] = [];
    openConsoleAs(
      server,
      'admin',
      '/accounts/1',
      mockCall(api.consoleApi.accountOne, () => ACCOUNTS[0] as Account),
      mockCall(api.consoleApi.accountUpdate, async ({ request }) => {
        updates.push(await request.json());
        return ACCOUNTS[0] as Account;
      }),
      mockList(api.consoleApi.accountList, () => ({ rows: ACCOUNTS })),
    );
    const user = userEvent.setup();
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('系统管理员'));
    await fillIn(user, /重置密码/, 'Brand-new-admin-pass-7');
    await fillIn(user, /当前密码/, 'Old-admin-pass-1');
    await save(user);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ password: 'Brand-new-admin-pass-7', currentPassword: 'Old-admin-pass-1' });
  });

  it('do not ask for a current password on another account', async () => {
    openConsoleAs(
      server,
      'admin',
      '/accounts/2',
      mockCall(api.consoleApi.accountOne, () => ACCOUNTS[1] as Account),
      mockList(api.consoleApi.accountList, () => ({ rows: ACCOUNTS })),
    );
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('联盟编辑'));
    expect(screen.getByLabelText(/重置密码/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/当前密码/)).not.toBeInTheDocument();
  });
});
