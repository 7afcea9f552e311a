import { BANNER } from '@lianmeng/core';

export const BANNER_TOTAL_MS = BANNER.openMs + BANNER.holdMs + BANNER.closeMs;
/** How often the height is recomputed: every sample point of the spec (0, 1.5 s, 3 s, …) falls on a frame. */
export const BANNER_FRAME_MS = 10;

/** The banner ad's height: 0 → 405px over 3 s, hold 1 s, 405 → 0 over 3 s. */
export const bannerHeightAt = (elapsedMs: number): number => {
  const { heightPx, openMs, holdMs, closeMs } = BANNER;
  if (elapsedMs <= 0) return 0;
  if (elapsedMs < openMs) return (heightPx * elapsedMs) / openMs;
  if (elapsedMs <= openMs + holdMs) return heightPx;
  if (elapsedMs < BANNER_TOTAL_MS) return (heightPx * (BANNER_TOTAL_MS - elapsedMs)) / closeMs;
  return 0;
};
