import { CONSOLE_BASE_PATH } from '@lianmeng/core';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { ConsoleLayout, SECURITY_PATH } from './layout/ConsoleLayout';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18n';
import accounts from './resources/accounts';
import articles from './resources/articles';
import audit from './resources/audit';
import cardAccounts from './resources/cardAccounts';
import catalogue from './resources/catalogue';
import events from './resources/events';
import { banners, partners } from './resources/images';
import institutions from './resources/institutions';
import settings from './resources/settings';
import { RaSignInPage } from './signIn/RaSignInPage';

// Its own chunk, loaded when opened.
const SecurityPage = lazy(() => import('./security/SecurityPage'));

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
      <Resource name="banners" {...banners} />
      <Resource name="partners" {...partners} />
      <Resource name="articles" {...articles} />
      <Resource name="events" {...events} />
      <Resource name="accounts" {...accounts} />
      <Resource name="institutions" {...institutions} />
      <Resource name="cardAccounts" {...cardAccounts} />
      <Resource name="catalogue" {...catalogue} />
      <Resource name="audit" {...audit} />
      <Resource name="settings" {...settings} />
      <CustomRoutes>
        <Route path={SECURITY_PATH} element={<SecurityPage />} />
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);

export default ConsoleApp;
