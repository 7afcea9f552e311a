import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireCardHolder } from './RequireCardHolder';

const LoginPage = lazy(() => import('../login/LoginPage'));
const CreditBankInfoPage = lazy(() => import('../creditBank/CreditBankInfoPage'));
const CenterPage = lazy(() => import('../center/CenterPage'));

const loaded = (page: ReactNode) => <Suspense fallback={<Spin aria-label="加载中" />}>{page}</Suspense>;
const guarded = (page: ReactNode) => <RequireCardHolder>{loaded(page)}</RequireCardHolder>;

/** The card holder's routes: the log-in pages are open, the credit bank and the personal centre are guarded. */
export const accountRoutes: RouteObject[] = [
  { path: '/login', element: loaded(<LoginPage />) },
  { path: '/creditBank/login', element: loaded(<LoginPage />) },
  { path: '/creditBank', element: guarded(<Navigate to="/creditBank/info" replace />) },
  { path: '/creditBank/info', element: guarded(<CreditBankInfoPage />) },
  { path: '/center', element: guarded(<CenterPage />) },
];
