import type { ReactNode } from 'react';
import { AppBar, Layout, TitlePortal } from 'react-admin';

const ConsoleAppBar = () => (
  <AppBar>
    <TitlePortal />
  </AppBar>
);

export const ConsoleLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={ConsoleAppBar}>{children}</Layout>
);
