import type { LoginResult, UcUserInfo } from '@lianmeng/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { session } from '../../app/api';

// jsdom has no ResizeObserver; antd's Tabs and Table observe their size.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const HOLDER: UcUserInfo = {
  cardNo: '10000001',
  name: '李明',
  school: '北京市第一中学',
  phone: '13800000000',
  operator: false,
  institution: false,
};
export const SECOND_HOLDER: UcUserInfo = { ...HOLDER, cardNo: '10000002', school: '北京市青少年科技活动中心' };

export const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  token: 'token-abc',
  ucUserInfo: HOLDER,
  ...overrides,
});

export const logInAs = (result: LoginResult = loginResult(), method: 'card' | 'phone' = 'card') =>
  session.saveLogin({ ...result, method });

const WhereAmI = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/** Renders `routes` at `path` in a memory router, with the current location shown in `location`. */
export const renderAt = (path: string, routes: { path: string; element: ReactNode }[]) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={<p>其他页面</p>} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
