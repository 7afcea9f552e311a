import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** Remembered across visits, so a visitor who needs it does not switch it on every time. */
export const ELDERLY_MODE_KEY = 'elderlyMode';
export const ELDERLY_CLASS = 'elderly-mode';

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

export const ElderlyModeProvider = ({ children }: { children: ReactNode }) => {
  const [enabled, setEnabled] = useState(readStored);

  useEffect(() => {
    document.documentElement.classList.toggle(ELDERLY_CLASS, enabled);
    try {
      if (enabled) window.localStorage.setItem(ELDERLY_MODE_KEY, '1');
      else window.localStorage.removeItem(ELDERLY_MODE_KEY);
    } catch {
      // storage refused (private mode): the mode still works for this visit
    }
  }, [enabled]);

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
