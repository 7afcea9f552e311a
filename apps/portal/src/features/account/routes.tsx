import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireCardHolder } from './RequireCardHolder';

const LoginPage = lazy(() => import('../login/LoginPage'));
const CreditBankInfoPage = lazy(() => import('../creditBank/CreditBankInfoPage'));
const CenterPage = lazy(() => import('../center/CenterPage'));

// The site layout's Suspense shows its skeleton while a page loads.
const guarded = (page: ReactNode) => <RequireCardHolder>{page}</RequireCardHolder>;

/** The card holder's routes: the log-in pages are open, the credit bank and the personal centre are guarded. */
export const accountRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/creditBank/login', element: <LoginPage /> },
  { path: '/creditBank', element: guarded(<Navigate to="/creditBank/info" replace />) },
  { path: '/creditBank/info', element: guarded(<CreditBankInfoPage />) },
  { path: '/center', element: guarded(<CenterPage />) },
];
