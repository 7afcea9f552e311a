import { ELDERLY_MODE_COOKIE } from '@lianmeng/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** Remembered across visits, so a visitor who needs it does not switch it on every time. */
export const ELDERLY_MODE_KEY = 'elderlyMode';
/** The same choice as a cookie, so the server renders the right mode and the page never flashes the other. */
export { ELDERLY_MODE_COOKIE };
export const ELDERLY_CLASS = 'elderly-mode';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

interface ElderlyModeValue {
  enabled: boolean;
  toggle(): void;
}

const ElderlyModeContext = createContext<ElderlyModeValue>({ enabled: false, toggle: () => undefined });

const readStored = () => {
  try {
    return window.localStorage.getItem(ELDERLY_MODE_KEY) === '1';
  } catch {
    return false;
  }
};

/** Whether a `Cookie` header (or `document.cookie`) asks for the elderly-friendly mode. */
export const elderlyModeFromCookies = (cookies: string) =>
  cookies.split(';').some((part) => part.trim() === `${ELDERLY_MODE_COOKIE}=1`);

const remember = (enabled: boolean) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers still in use
  document.cookie = enabled
    ? `${ELDERLY_MODE_COOKIE}=1; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`
    : `${ELDERLY_MODE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  try {
    if (enabled) window.localStorage.setItem(ELDERLY_MODE_KEY, '1');
    else window.localStorage.removeItem(ELDERLY_MODE_KEY);
  } catch {
    // storage refused (private mode): the cookie still remembers it
  }
};

/**
 * `initial`: the mode the server rendered (from the cookie); without it, the mode stored in this browser.
 */
export const ElderlyModeProvider = ({ children, initial }: { children: ReactNode; initial?: boolean }) => {
  const [enabled, setEnabled] = useState(() => initial ?? readStored());

  useEffect(() => {
    document.documentElement.classList.toggle(ELDERLY_CLASS, enabled);
    remember(enabled);
  }, [enabled]);

  // A visitor who chose the mode before it was also kept in a cookie: take the stored choice once.
  useEffect(() => {
    if (initial === false && readStored() && !elderlyModeFromCookies(document.cookie)) setEnabled(true);
  }, [initial]);

  const toggle = useCallback(() => setEnabled((value) => !value), []);
  const value = useMemo(() => ({ enabled, toggle }), [enabled, toggle]);
  return <ElderlyModeContext.Provider value={value}>{children}</ElderlyModeContext.Provider>;
};

export const useElderlyMode = () => useContext(ElderlyModeContext);

export const ElderlyModeToggle = () => {
  const { enabled, toggle } = useElderlyMode();
  return (
    <button type="button" className="elderly-toggle" aria-pressed={enabled} onClick={toggle}>
      {enabled ? '退出长者模式' : '长者模式'}
    </button>
  );
};
