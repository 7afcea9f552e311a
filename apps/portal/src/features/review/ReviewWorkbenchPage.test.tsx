import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountHeaderEntry } from '../account/AccountHeaderEntry';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';
import { ReviewWorkbenchPage } from './ReviewWorkbenchPage';

const reviewRoute = {
  path: '/creditBank/review',
  element: (
    <RequireAccountFlag flag="operator">
      <ReviewWorkbenchPage />
    </RequireAccountFlag>
  ),
};
const asOperator = () => logInAs(loginResult({ ucUserInfo: { ...HOLDER, operator: true } }));

describe('the review workbench', () => {
  it('shows an operator the empty queue, saying that reviewing arrives with credit recording', () => {
    asOperator();
    renderAt('/creditBank/review', [reviewRoute]);
    expect(screen.getByRole('heading', { level: 1, name: '审核工作台' })).toBeInTheDocument();
    expect(screen.getByText('暂无待审核的记录。')).toBeInTheDocument();
    expect(screen.getByText(/学分记录功能上线后/)).toBeInTheDocument();
  });

  it('is refused to an account without the operator flag', () => {
    logInAs();
    renderAt('/creditBank/review', [reviewRoute]);
    expect(screen.getByText('该页面仅供联盟审核员使用。')).toBeInTheDocument();
    expect(screen.queryByText('暂无待审核的记录。')).not.toBeInTheDocument();
  });
});

describe('the credit bank menu', () => {
  it('shows the workbench entries only to accounts with the flags', () => {
    asOperator();
    renderAt('/creditBank/review', [reviewRoute]);
    const menu = screen.getByRole('navigation', { name: '学分银行菜单' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['我的学分', '审核工作台']);
    expect(within(menu).getByRole('link', { name: '审核工作台' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an institution account its workbench in the header and in the menu', () => {
    logInAs(loginResult({ ucUserInfo: { ...HOLDER, institution: true } }));
    renderAt('/index', [{ path: '/index', element: <AccountHeaderEntry /> }]);
    expect(screen.getByRole('link', { name: '机构工作台' })).toHaveAttribute('href', '/creditBank/institution');
    expect(screen.queryByRole('link', { name: '审核工作台' })).not.toBeInTheDocument();
  });

  it('shows an ordinary holder no workbench at all', () => {
    logInAs();
    renderAt('/index', [{ path: '/index', element: <AccountHeaderEntry /> }]);
    expect(screen.queryByRole('link', { name: /工作台/ })).not.toBeInTheDocument();
  });
});
