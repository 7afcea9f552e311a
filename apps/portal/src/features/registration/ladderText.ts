import type { TeamSummary } from '@lianmeng/core';

/** Where a carried team (晋级) came from, as the team list and the editor show it. */
export const carriedFromText = (from: NonNullable<TeamSummary['carriedFrom']>) =>
  `${from.eventName} · ${from.teamName}${from.awardLabel ? `（${from.awardLabel}）` : ''}`;
