import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const subscribeToMotion = (onChange: () => void) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
};

const motionReduced = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/** Whether the visitor asked for less motion; the server renders as if not, and the browser follows changes live. */
export const useReducedMotion = () => useSyncExternalStore(subscribeToMotion, motionReduced, () => false);

/**
 * Which of `count` slides shows, and the automatic turn to the next every `intervalMs`. The turn runs only
 * while the visitor has not stopped it, nothing holds it (a pointer over the area, focus inside it), and
 * the visitor has not asked for less motion. Each slide, however it was reached, gets its full time.
 */
export const useRotation = (count: number, intervalMs: number) => {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const playing = !stopped && !reducedMotion && count > 1;
  const running = playing && !hovered && !focused;
  const shown = count === 0 ? 0 : Math.min(index, count - 1);

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((shown + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [running, shown, count, intervalMs]);

  const goTo = useCallback(
    (next: number) => {
      if (count > 0) setIndex(((next % count) + count) % count);
    },
    [count],
  );

  return {
    index: shown,
    /** Whether the area turns by itself when nothing holds it; false under reduced motion. */
    playing,
    running,
    /** Under reduced motion there is nothing to stop or start. */
    canRotate: !reducedMotion && count > 1,
    goTo,
    toggle: () => setStopped((current) => !current),
    setHovered,
    setFocused,
  };
};
