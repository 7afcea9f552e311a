import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { accountRoutes } from '../features/account/routes';

const IndexPage = () => (
  <main>
    <h1>全国学校体育联盟（机器人运动）</h1>
    <p>门户建设中。</p>
  </main>
);

/**
 * Every route of the portal (spec section 2). Feature areas add their routes here, each loaded lazily
 * from its own folder under src/features/.
 */
export const routes: RouteObject[] = [
  { path: '/index', element: <IndexPage /> },
  { path: '/home', element: <Navigate to="/index" replace /> },
  ...accountRoutes,
  { path: '*', element: <Navigate to="/index" replace /> },
];
