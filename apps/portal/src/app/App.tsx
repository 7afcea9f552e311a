import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

const AppRoutes = () => useRoutes(routes);

export const App = () => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
);
