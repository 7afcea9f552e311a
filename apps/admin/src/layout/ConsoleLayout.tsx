import SecurityIcon from '@mui/icons-material/Security';
import type { ReactNode } from 'react';
import {
  AppBar,
  DatagridClasses,
  Layout,
  LayoutClasses,
  ListClasses,
  Menu,
  TitlePortal,
  useGetIdentity,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';

/** The 账号安全 page's path inside the console. */
export const SECURITY_PATH = '/security';

const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
  </AppBar>
);

/**
 * On a phone the page must not scroll sideways. react-admin's layout is at least as wide as its content
 * (`min-width: fit-content`), and its content column and a list's main column, both flex items, grow to
 * their widest child: a list's table took the whole page with it. Held to the screen's width, a table wider
 * than the screen scrolls inside its own frame instead.
 */
const narrowScreens = {
  minWidth: 0,
  [`& .${LayoutClasses.content}, & .${ListClasses.main}`]: { minWidth: 0 },
  [`& .${DatagridClasses.tableWrapper}`]: { overflowX: 'auto' },
  // A column's name stays on one line, not one character a line, when the table is squeezed.
  [`& .${DatagridClasses.headerCell}`]: { whiteSpace: 'nowrap' },
};

/** The resources, then 账号安全 (every user's own password and second factor). */
const ConsoleMenu = () => (
  <Menu>
    <Menu.ResourceItems />
    <Menu.Item to={SECURITY_PATH} primaryText="账号安全" leftIcon={<SecurityIcon />} />
  </Menu>
);

/** After an administrator's reset the server refuses everything but the password change: the console opens there. */
const PasswordChangeFirst = ({ children }: { children: ReactNode }) => {
  const { identity } = useGetIdentity();
  const { pathname } = useLocation();
  if (identity?.mustChangePassword && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return children;
};

export const ConsoleLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={ConsoleAppBar} menu={ConsoleMenu} sx={narrowScreens}>
    <PasswordChangeFirst>{children}</PasswordChangeFirst>
  </Layout>
);
