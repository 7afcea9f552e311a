import type { ReactNode } from 'react';
import { AppBar, DatagridClasses, Layout, LayoutClasses, ListClasses, TitlePortal } from 'react-admin';

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

export const ConsoleLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={ConsoleAppBar} sx={narrowScreens}>
    {children}
  </Layout>
);
