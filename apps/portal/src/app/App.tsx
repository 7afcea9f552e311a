import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { ElderlyModeProvider } from '../layout/elderlyMode';
import { routes } from './routes';
import '../shared/dates';
import '../layout/site.css';

const AppRoutes = () => useRoutes(routes);

export const App = () => (
  <ErrorBoundary>
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b71c1c', borderRadius: 2 } }}>
      <ElderlyModeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ElderlyModeProvider>
    </ConfigProvider>
  </ErrorBoundary>
);
