import { type Account, api } from '@lianmeng/core';
import { mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { testAccount } from './testAccount';

const server = consoleServerForFile();

const openAccount = (record: Account) =>
  openConsoleAs(
    server,
    'admin',
    `/accounts/${record.id}`,
    mockCall(api.consoleApi.accountOne, () => record),
    mockList(api.consoleApi.accountList, () => ({ rows: [record] })),
  );

describe('the account form offers what the account rules allow', () => {
  it('on another editor: the role (editor or staff) and the disabled switch', async () => {
    openAccount(testAccount({}));
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('联盟编辑'));
    expect(screen.getByLabelText(/停用/)).toBeEnabled();
    expect(screen.getByRole('combobox', { name: /角色/ })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('on one’s own account: neither the role nor the disabled switch', async () => {
    openAccount(testAccount({ id: 1, username: 'admin', displayName: '系统管理员', role: 'admin' }));
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('系统管理员'));
    expect(screen.getByLabelText(/停用/)).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /角色/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('不能修改自己的角色')).toBeInTheDocument();
  });

  it('on another administrator: no role change, the disabled switch stays', async () => {
    openAccount(testAccount({ id: 7, username: 'admin2', displayName: '第二管理员', role: 'admin' }));
    await waitFor(async () => expect(await screen.findByLabelText(/姓名/)).toHaveValue('第二管理员'));
    expect(screen.getByLabelText(/停用/)).toBeEnabled();
    expect(screen.getByRole('combobox', { name: /角色/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('管理员账号的角色不能修改')).toBeInTheDocument();
  });
});
