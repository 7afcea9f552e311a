import { WORKBENCH_PATHS } from '@lianmeng/core/session';
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { titleLoader } from '../../app/loaders';
import { RequireCardHolder } from './RequireCardHolder';

const LoginPage = lazy(() => import('../login/LoginPage'));
const CreditBankInfoPage = lazy(() => import('../creditBank/CreditBankInfoPage'));
const ProofsPage = lazy(() => import('../proofs/ProofsPage'));
const CenterPage = lazy(() => import('../center/CenterPage'));
// The workbenches check their account's flag inside their own lazily loaded module, so the check's antd
// page stays out of the entry every first visit loads.
const InstitutionWorkbenchPage = lazy(() => import('../institution/InstitutionWorkbenchPage'));
const ReviewWorkbenchPage = lazy(() => import('../review/ReviewWorkbenchPage'));
const ActivatePage = lazy(() => import('../activate/ActivatePage'));

// The site layout's Suspense shows its skeleton while a page loads.
const guarded = (page: ReactNode) => <RequireCardHolder>{page}</RequireCardHolder>;

/**
 * Pages only for a card holder, and the activation page (its link carries a one-time code): the token lives in
 * the browser, so their data never comes with the HTML, and the server never keeps a copy of them.
 */
export const CARD_HOLDER_PATHS = [
  '/creditBank',
  '/creditBank/info',
  '/creditBank/proofs',
  '/center',
  WORKBENCH_PATHS.institution,
  WORKBENCH_PATHS.review,
  '/creditBank/activate',
];

/** The card holder's routes: the log-in pages are open, the credit bank and the personal centre are guarded. */
export const accountRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, loader: titleLoader('登录') },
  { path: '/creditBank/login', element: <LoginPage />, loader: titleLoader('学分银行登录') },
  {
    path: '/creditBank',
    element: guarded(<Navigate to="/creditBank/info" replace />),
    loader: titleLoader('学分银行'),
  },
  { path: '/creditBank/info', element: guarded(<CreditBankInfoPage />), loader: titleLoader('学分银行') },
  { path: '/creditBank/proofs', element: guarded(<ProofsPage />), loader: titleLoader('我的证明') },
  { path: '/center', element: guarded(<CenterPage />), loader: titleLoader('个人中心') },
  {
    path: WORKBENCH_PATHS.institution,
    element: guarded(<InstitutionWorkbenchPage />),
    loader: titleLoader('机构工作台'),
  },
  {
    path: WORKBENCH_PATHS.review,
    element: guarded(<ReviewWorkbenchPage />),
    loader: titleLoader('审核工作台'),
  },
  { path: '/creditBank/activate', element: <ActivatePage />, loader: titleLoader('激活学分卡') },
];
