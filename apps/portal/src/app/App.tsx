import { BrowserRouter, useRoutes } from 'react-router-dom';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { ElderlyModeProvider } from '../layout/elderlyMode';
import { routes } from './routes';
import '../shared/dates';
import '../layout/site.css';

const AppRoutes = () => useRoutes(routes);

export const App = () => (
  <ErrorBoundary>
    <ElderlyModeProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ElderlyModeProvider>
  </ErrorBoundary>
);
