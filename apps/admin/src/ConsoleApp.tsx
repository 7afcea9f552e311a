import { CONSOLE_BASE_PATH } from '@lianmeng/core';
import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n';
import { bannerViews, partnerViews } from './resources/images';
import { RaSignInPage } from './signIn/RaSignInPage';

// Each screen is its own chunk, loaded when first opened.
const ArticleList = lazy(() => import('./resources/articles/ArticleList'));
const ArticleCreate = lazy(() => import('./resources/articles/ArticleCreate'));
const ArticleEdit = lazy(() => import('./resources/articles/ArticleEdit'));
const ArticleShow = lazy(() => import('./resources/articles/ArticleShow'));
const AccountList = lazy(() => import('./resources/accounts/AccountList'));
const AccountCreate = lazy(() => import('./resources/accounts/AccountCreate'));
const AccountEdit = lazy(() => import('./resources/accounts/AccountEdit'));
const AuditList = lazy(() => import('./resources/audit/AuditList'));
const SettingsPage = lazy(() => import('./resources/settings/SettingsPage'));

const authProvider = createAuthProvider();
const dataProvider = createDataProvider(authProvider.currentRole);

// Real paths under /admin/ (not react-admin's default hash router), so deep links and reloads work.
export const ConsoleApp = () => (
  <BrowserRouter basename={CONSOLE_BASE_PATH.replace(/\/$/, '')}>
    <Admin
      title="联盟门户管理台"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={RaSignInPage}
      layout={ConsoleLayout}
      requireAuth
      disableTelemetry
    >
      <Resource name="banners" options={{ label: '顶部横幅' }} recordRepresentation="photoTitle" {...bannerViews} />
      <Resource name="partners" options={{ label: '合作伙伴' }} recordRepresentation="photoTitle" {...partnerViews} />
      <Resource
        name="articles"
        options={{ label: '文章' }}
        recordRepresentation="title"
        list={ArticleList}
        create={ArticleCreate}
        edit={ArticleEdit}
        show={ArticleShow}
      />
      <Resource
        name="accounts"
        options={{ label: '账号' }}
        recordRepresentation="username"
        list={AccountList}
        create={AccountCreate}
        edit={AccountEdit}
      />
      <Resource name="audit" options={{ label: '审计日志' }} list={AuditList} />
      <Resource name="settings" options={{ label: '站点设置' }} list={SettingsPage} />
    </Admin>
  </BrowserRouter>
);

export default ConsoleApp;
