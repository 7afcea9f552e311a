import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { accountRoutes } from '../features/account/routes';
import { SiteLayout } from '../layout/SiteLayout';

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

/**
 * The portal's pages (spec section 2), one entry per route, all inside the site layout. `:type?` is the
 * menu's typeId segment (`12` or `12-3`); every route also works without it.
 */
export const pageRoutes: RouteObject[] = [
  { path: '/index', element: page(home) },
  { path: '/home', element: <Navigate to="/index" replace /> },
  { path: '/news', element: page(news) },
  { path: '/news/list/:type?', element: page(news) },
  { path: '/news/detail/:id?', element: page(newsDetail) },
  { path: '/care', element: page(care, 'CarePage') },
  { path: '/care/index/:type?', element: page(care, 'CarePage') },
  { path: '/care/detail/:id?', element: page(care, 'CareDetailPage') },
  { path: '/certification/*', element: page(certification) },
  { path: '/education', element: page(education, 'EducationIndexPage') },
  { path: '/education/index/:type?', element: page(education, 'EducationIndexPage') },
  { path: '/education/course/:type?', element: page(education, 'EducationCoursePage') },
  { path: '/education/list/:type?', element: page(education, 'EducationListPage') },
  { path: '/education/detail/:id?', element: page(education, 'EducationDetailPage') },
  { path: '/education/jc/:type?', element: page(education, 'EducationJcPage') },
  { path: '/education/qc/:type?', element: page(education, 'EducationQcPage') },
  { path: '/match', element: page(match, 'MatchNoticePage') },
  { path: '/match/notice/:type?', element: page(match, 'MatchNoticePage') },
  { path: '/match/detail/:id?', element: page(match, 'MatchDetailPage') },
  { path: '/exchange', element: page(exchange, 'ExchangeProcessPage') },
  { path: '/exchange/process/:type?', element: page(exchange, 'ExchangeProcessPage') },
  { path: '/exchange/study/:type?', element: page(exchange, 'ExchangeStudyPage') },
  { path: '/exchange/advance/:type?', element: page(exchange, 'ExchangeAdvancePage') },
  { path: '/exchange/term/:type?', element: page(exchange, 'ExchangeTermPage') },
  { path: '/exchange/achievements/:type?', element: page(exchange, 'ExchangeAchievementsPage') },
  { path: '/exchange/detail/:id?', element: page(exchange, 'ExchangeDetailPage') },
  { path: '/topic', element: page(topic, 'TopicEducationPage') },
  { path: '/topic/education/list/:type?', element: page(topic, 'TopicEducationPage') },
  { path: '/topic/competition/:type?', element: page(topic, 'TopicCompetitionPage') },
  { path: '/topic/exchange/:type?', element: page(topic, 'TopicExchangePage') },
  { path: '/topic/detail/:id?', element: page(topic, 'TopicDetailPage') },
  { path: '/special/detail/:id?', element: page(special, 'SpecialDetailPage') },
  { path: '/special/:type?', element: page(special, 'SpecialPage') },
  { path: '/alone/:type?', element: page(alone) },
  { path: '/file/detail/:id?', element: page(file, 'FileDetailPage') },
  { path: '/file/:type?', element: page(file, 'FilePage') },
  { path: '/search', element: page(search) },
  ...accountRoutes,
  { path: '*', element: <Navigate to="/index" replace /> },
];

export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="/index" replace /> },
  { element: <SiteLayout />, children: pageRoutes },
];
