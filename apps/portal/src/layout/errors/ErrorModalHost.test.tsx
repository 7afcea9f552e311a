import { ERROR_MODAL } from '@lianmeng/core';
import { NETWORK_ERROR_MESSAGE } from '@lianmeng/core/http';
import { REDIRECT_URL_KEY, SESSION_KEYS } from '@lianmeng/core/session';
import { failure } from '@lianmeng/core/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../app/api';
import { errorBus } from '../../app/errorBus';
import { setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';
import { ErrorModalHost } from './ErrorModalHost';

const server = setupPortalServer();

// The dialog (antd's Modal) is a lazy chunk; importing it once up front keeps a loaded machine from timing out.
beforeAll(async () => {
  await import('./ErrorDialog');
}, 60_000);

const WhereAmI = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** The host alone, with the log-in routes another branch owns stood in for. */
const renderHost = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/home" element={<Navigate to="/index" replace />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
      <ErrorModalHost />
    </MemoryRouter>,
  );
const location = () => screen.getByTestId('location').textContent;

const dialog = () => screen.findByRole('dialog');
const closeDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /关闭|Close/ }));
};

describe('the error modal', () => {
  it("shows the body's message under '提示信息', without a footer, 250px from the top", async () => {
    server.use(mswHttp.get('*/api/content/articles', () => failure(400, '页码应为正整数')));
    renderApp('/news/list/1');
    const modal = await dialog();
    expect(await screen.findByText(ERROR_MODAL.title)).toBeInTheDocument();
    expect(screen.getByTestId('error-message')).toHaveTextContent('页码应为正整数');
    expect(document.querySelector('.ant-modal-footer')).toBeNull();
    const box = modal.closest('.ant-modal') as HTMLElement | null;
    expect(box?.style.top).toBe(`${ERROR_MODAL.topPx}px`);
  });

  it('navigates to /home, which lands on /index, when closed', async () => {
    renderApp('/match/notice');
    await screen.findByRole('heading', { name: /赛事通知/ });
    act(() => errorBus.emit({ status: 500, message: '服务器繁忙，请稍后再试', path: '/x', access: 'anonymous' }));
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
    await closeDialog();
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
  });

  it.each(['/login?ssoReturn=https%3A%2F%2Fpartner.example.cn%2F', '/creditBank/login'])(
    'keeps the user on the log-in form %s when closed there',
    async (path) => {
      renderHost(path);
      act(() => errorBus.emit({ status: 400, message: '卡号或密码错误', path: '/x', access: 'anonymous' }));
      await screen.findByText('卡号或密码错误');
      await closeDialog();
      await waitFor(() => expect(screen.queryByText('卡号或密码错误')).not.toBeInTheDocument());
      expect(location()).toBe(path);
    },
  );

  it('sends a card holder whose token died to /creditBank/login, session cleared and the page remembered', async () => {
    session.saveLogin({
      token: 'old-token',
      ucUserInfo: {
        cardNo: '10000001',
        name: '张三',
        school: '实验小学',
        phone: '13800000000',
        operator: false,
        institution: false,
      },
      method: 'card',
    });
    renderHost('/news/list/2?page=2');
    act(() =>
      errorBus.emit({
        status: 401,
        message: '登录已过期，请重新登录',
        path: '/api/creditBank/info',
        access: 'cardHolder',
      }),
    );
    await waitFor(() => expect(location()).toBe('/creditBank/login'));
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.isLogin)).toBeNull();
    expect(localStorage.getItem(REDIRECT_URL_KEY)).toBe('/news/list/2?page=2');
    expect(await screen.findByText('登录已过期，请重新登录')).toBeInTheDocument();
    await closeDialog();
    await waitFor(() => expect(screen.queryByText('登录已过期，请重新登录')).not.toBeInTheDocument());
    expect(location()).toBe('/creditBank/login');
  });

  it('does not end the session for a 401 of a public call', async () => {
    session.saveLogin({
      token: 'live-token',
      ucUserInfo: {
        cardNo: '10000001',
        name: '张三',
        school: '实验小学',
        phone: '13800000000',
        operator: false,
        institution: false,
      },
      method: 'card',
    });
    renderApp('/index');
    act(() => errorBus.emit({ status: 401, message: '未登录', path: '/x', access: 'anonymous' }));
    await screen.findByText('未登录');
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('live-token');
    expect(window.location.pathname).toBe('/index');
  });

  it('explains a network failure calmly instead of showing a blank page', async () => {
    server.use(mswHttp.get('*/api/content/articles', () => HttpResponse.error()));
    renderApp('/news/list');
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    // The modal can open before the list page's own code has loaded: the page is awaited, not read at once.
    expect((await screen.findAllByTestId('empty-state')).length).toBeGreaterThan(0);
  });
});
