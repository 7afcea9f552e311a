import type { RegistrationEvent } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { findPublicEvents, visibleEventClocks } from '../events/eventRepository';
import { eventPhase, phaseRank } from '../events/policy';
import { teamCountsOfInstitution } from './teamRepository';

/**
 * The events an institution registers for: every shown event open for registration, and every shown event
 * it already has teams in, in the public list's order (open first, the latest window first within a phase).
 */
export const registrationEvents = async (
  db: Kysely<Database>,
  institutionId: number,
  page: Page,
  now: Date,
): Promise<{ list: RegistrationEvent[]; total: number }> => {
  const [clocks, teamCounts] = await Promise.all([visibleEventClocks(db), teamCountsOfInstitution(db, institutionId)]);
  const placed = clocks
    .map((clock) => ({ id: clock.id, opens: clock.registrationOpens, phase: eventPhase(clock, now) }))
    .filter((row) => row.phase === 'registering' || teamCounts.has(row.id))
    .sort(
      (a, b) =>
        phaseRank(a.phase) - phaseRank(b.phase) || (a.opens < b.opens ? 1 : a.opens > b.opens ? -1 : b.id - a.id),
    );
  // One query per kind for the whole page (events, organisers, catalogue items, items), not a round per event.
  const details = await findPublicEvents(
    db,
    placed.slice(page.offset, page.offset + page.limit).map((row) => row.id),
    now,
  );
  const list = details.map((detail) => ({
    ...detail,
    open: detail.phase === 'registering',
    teamCount: teamCounts.get(detail.id) ?? 0,
  }));
  return { list, total: placed.length };
};
