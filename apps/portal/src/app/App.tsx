import { type ReactNode, useState } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { ElderlyModeProvider } from '../layout/elderlyMode';
import { routes } from './routes';
import '../layout/site.css';
// With the site's styles rather than the pages' lazy code: server-rendered pages need them at once.
import '../features/home/focusArea.css';
import '../shared/articles/articleList.css';

/** What wraps the router in the browser and on the server alike. */
export const AppShell = ({ children, elderly }: { children: ReactNode; elderly?: boolean }) => (
  <ErrorBoundary>
    <ElderlyModeProvider initial={elderly}>{children}</ElderlyModeProvider>
  </ErrorBoundary>
);

/** The portal in the browser: `router` carries the server's data when the page was rendered there. */
export const App = ({ router, elderly }: { router?: DataRouter; elderly?: boolean }) => {
  const [current] = useState(() => router ?? createBrowserRouter(routes));
  return (
    <AppShell elderly={elderly}>
      <RouterProvider router={current} />
    </AppShell>
  );
};
