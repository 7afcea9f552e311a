import type { ReactNode } from 'react';

/**
 * A list of cards that fills the width in as many columns as fit, each at least `minWidth` wide (one column
 * on a narrow screen); `busy` while the list is being asked for again.
 */
export const CardGrid = ({
  label,
  busy,
  minWidth,
  children,
}: {
  label: string;
  busy: boolean;
  minWidth: number;
  children: ReactNode;
}) => (
  <ul
    aria-label={label}
    aria-busy={busy}
    style={{
      listStyle: 'none',
      padding: 0,
      margin: 0,
      display: 'grid',
      gap: 12,
      gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))`,
    }}
  >
    {children}
  </ul>
);
