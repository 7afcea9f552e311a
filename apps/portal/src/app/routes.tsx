import { COLUMN_BY_KEY, ROUTES } from '@lianmeng/core';
import { type ComponentType, lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { accountRoutes } from '../features/account/routes';
import { RouteErrorPage } from '../layout/ErrorBoundary';
import { LAYOUT_ROUTE_ID } from '../layout/layoutCalls';
import { SiteLayout } from '../layout/SiteLayout';
import { PageSkeleton } from '../shared/PageSkeleton';
import {
  aloneLoader,
  columnListLoader,
  detailLoader,
  educationIndexLoader,
  homeLoader,
  layoutLoader,
  matchEventLoader,
  matchListLoader,
  redirectTo,
  searchLoader,
  titleLoader,
  verifyLoader,
} from './loaders';

/** A page loaded with its route (route-level code splitting): `named` picks an export of an area module. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, named: keyof M = 'default') => {
  const Page = lazy(async () => ({ default: (await load())[named] as ComponentType }));
  return <Page />;
};

const home = () => import('../features/home/HomePage');
const news = () => import('../features/news/NewsListPage');
const newsDetail = () => import('../features/news/NewsDetailPage');
const education = () => import('../features/education/EducationPages');
const match = () => import('../features/match/MatchPages');
const exchange = () => import('../features/exchange/ExchangePages');
const topic = () => import('../features/topic/TopicPages');
const care = () => import('../features/care/CarePage');
const special = () => import('../features/special/SpecialPages');
const alone = () => import('../features/alone/AlonePage');
const file = () => import('../features/file/FilePage');
const certification = () => import('../features/certification/CertificationPage');
const search = () => import('../features/search/SearchPage');
const verify = () => import('../features/verify/VerifyPage');

const C = COLUMN_BY_KEY;
const list = columnListLoader;
const detail = detailLoader;

/**
 * The portal's pages, one entry per route, all inside the site layout. `:type?` is the
 * menu's typeId segment (`12` or `12-3`); every route also works without it. Each route's loader makes the
 * calls its page shows, so the server renders the page whole and the browser finds the data in it; the page
 * reads it typed from its loader (`useLoaderData<typeof loader>()`).
 */
export const pageRoutes: RouteObject[] = [
  { path: '/index', element: page(home), loader: homeLoader },
  { path: '/home', loader: redirectTo(ROUTES.index) },
  { path: '/news', element: page(news), loader: list(C.news.typeId) },
  { path: '/news/list/:type?', element: page(news), loader: list(C.news.typeId) },
  { path: '/news/detail/:id?', element: page(newsDetail), loader: detail(C.news.typeId) },
  { path: '/care', element: page(care, 'CarePage'), loader: list(C.care.typeId, 12) },
  { path: '/care/index/:type?', element: page(care, 'CarePage'), loader: list(C.care.typeId, 12) },
  { path: '/care/detail/:id?', element: page(care, 'CareDetailPage'), loader: detail(C.care.typeId) },
  { path: '/certification/*', element: page(certification), loader: titleLoader('测评认证') },
  { path: '/education', element: page(education, 'EducationIndexPage'), loader: educationIndexLoader },
  { path: '/education/index/:type?', element: page(education, 'EducationIndexPage'), loader: educationIndexLoader },
  { path: '/education/course/:type?', element: page(education, 'EducationCoursePage'), loader: list(C.courses.typeId) },
  { path: '/education/list/:type?', element: page(education, 'EducationListPage'), loader: list(C.education.typeId) },
  {
    path: '/education/detail/:id?',
    element: page(education, 'EducationDetailPage'),
    loader: detail(C.education.typeId),
  },
  { path: '/education/jc/:type?', element: page(education, 'EducationJcPage'), loader: list(C.textbooks.typeId) },
  { path: '/education/qc/:type?', element: page(education, 'EducationQcPage'), loader: list(C.equipment.typeId) },
  { path: '/match', element: page(match, 'MatchListPage'), loader: matchListLoader },
  { path: '/match/notice/:type?', element: page(match, 'MatchListPage'), loader: matchListLoader },
  { path: '/match/event/:id', element: page(match, 'MatchEventPage'), loader: matchEventLoader },
  { path: '/match/detail/:id?', element: page(match, 'MatchDetailPage'), loader: detail(C.matchNotices.typeId) },
  { path: '/exchange', element: page(exchange, 'ExchangeProcessPage'), loader: list(C.exchangeProcess.typeId) },
  {
    path: '/exchange/process/:type?',
    element: page(exchange, 'ExchangeProcessPage'),
    loader: list(C.exchangeProcess.typeId),
  },
  {
    path: '/exchange/study/:type?',
    element: page(exchange, 'ExchangeStudyPage'),
    loader: list(C.exchangeStudy.typeId),
  },
  {
    path: '/exchange/advance/:type?',
    element: page(exchange, 'ExchangeAdvancePage'),
    loader: list(C.exchangeAdvance.typeId),
  },
  { path: '/exchange/term/:type?', element: page(exchange, 'ExchangeTermPage'), loader: list(C.exchangeTerm.typeId) },
  {
    path: '/exchange/achievements/:type?',
    element: page(exchange, 'ExchangeAchievementsPage'),
    loader: list(C.exchangeAchievements.typeId),
  },
  {
    path: '/exchange/detail/:id?',
    element: page(exchange, 'ExchangeDetailPage'),
    loader: detail(C.exchangeProcess.typeId),
  },
  { path: '/topic', element: page(topic, 'TopicEducationPage'), loader: list(C.topicEducation.typeId) },
  {
    path: '/topic/education/list/:type?',
    element: page(topic, 'TopicEducationPage'),
    loader: list(C.topicEducation.typeId),
  },
  {
    path: '/topic/competition/:type?',
    element: page(topic, 'TopicCompetitionPage'),
    loader: list(C.topicCompetition.typeId),
  },
  { path: '/topic/exchange/:type?', element: page(topic, 'TopicExchangePage'), loader: list(C.topicExchange.typeId) },
  { path: '/topic/detail/:id?', element: page(topic, 'TopicDetailPage'), loader: detail(C.topicEducation.typeId) },
  { path: '/special/detail/:id?', element: page(special, 'SpecialDetailPage'), loader: detail(C.special.typeId) },
  { path: '/special/:type?', element: page(special, 'SpecialPage'), loader: list(C.special.typeId) },
  { path: '/alone/:type?', element: page(alone), loader: aloneLoader },
  { path: '/file/detail/:id?', element: page(file, 'FileDetailPage'), loader: detail(C.files.typeId) },
  { path: '/file/:type?', element: page(file, 'FilePage'), loader: list(C.files.typeId) },
  { path: '/search', element: page(search), loader: searchLoader },
  { path: '/verify', element: page(verify), loader: verifyLoader },
  { path: '/verify/:code', element: page(verify), loader: verifyLoader },
  ...accountRoutes,
  // An empty or unknown path lands on /index: a real redirect, which the server answers too.
  { path: '*', loader: redirectTo(ROUTES.index) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      { index: true, loader: redirectTo(ROUTES.index) },
      {
        id: LAYOUT_ROUTE_ID,
        element: <SiteLayout />,
        loader: layoutLoader,
        // Settings, banner and partners do not change with the page: a navigation does not fetch them again.
        shouldRevalidate: () => false,
        children: pageRoutes,
      },
    ],
  },
];
