import type { CSSProperties, ReactNode, RefObject } from 'react';
import { useEffect } from 'react';

/**
 * antd's greys for placeholders and help text, and its error red, read below 4.5:1 on white: the forms and
 * tables that set this theme take darker ones, like the rest of the site's secondary text.
 */
export const READABLE_THEME = {
  token: {
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorError: '#a8071a',
  },
};

export type MarkTone = 'green' | 'red' | 'blue' | 'orange' | 'grey' | 'purple';

/** Dark text on a pale ground, each above 7:1: antd's coloured tags read below 4.5:1. */
export const MARK_TONES: Record<MarkTone, CSSProperties> = {
  green: { color: '#0f4a0f', background: '#eef7ec', borderColor: '#8fbf87' },
  red: { color: '#7a0b0b', background: '#fdecec', borderColor: '#e39a9a' },
  blue: { color: '#0b3a75', background: '#eaf2fd', borderColor: '#8fb3e3' },
  orange: { color: '#5c3300', background: '#fff4e0', borderColor: '#d9a24a' },
  grey: { color: '#3a3a3a', background: '#f0f0f0', borderColor: '#a6a6a6' },
  purple: { color: '#3f1a6b', background: '#f3edfb', borderColor: '#b79ad9' },
};

/** A short state word in a bordered box, the workbenches' tag. */
export const Mark = ({ tone, children }: { tone: MarkTone; children: ReactNode }) => (
  <span
    style={{
      ...MARK_TONES[tone],
      display: 'inline-block',
      border: '1px solid',
      borderRadius: 2,
      padding: '0 6px',
      marginInlineEnd: 6,
      fontSize: 12,
      lineHeight: '20px',
      whiteSpace: 'nowrap',
    }}
  >
    {children}
  </span>
);

/**
 * A wide table scrolls sideways inside its own box on a narrow screen; the box takes the keyboard focus (with
 * the table's name), so it can be scrolled without a pointer. antd gives no prop for its scrolling box.
 */
export const useKeyboardScroll = (ref: RefObject<HTMLElement | null>, label: string) => {
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      if (box.tabIndex === 0) continue;
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
  });
};
