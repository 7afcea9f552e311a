import {
  type EventLevel,
  type OrganisedEvent,
  TEAM_STATE_LABELS,
  type TeamDetail,
  type TeamState,
} from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import { listPage, type Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { phaseFields } from '../events/policy';
import { REGISTRATION_REFUSALS as REFUSALS } from './policy';
import {
  findEventWindow,
  findTeamView,
  listTeamSummaries,
  lockTeam,
  stateCountsOfEvents,
  updateTeam,
} from './teamRepository';
import { teamDetailOfView } from './teamView';

/**
 * Who reviews, and what: the organising institution's account the events it organises, an operator every
 * event. Neither reviews a team of its own institution, as with credit records, except at a school's own
 * meeting (校级), where every team is the organising school's and the school admits its own pupils.
 */
export type ReviewScope =
  | { kind: 'organiser'; cardNo: string; institutionId: number }
  | { kind: 'operator'; cardNo: string; ownInstitutionId: number | null };

/** A school's own meeting: its organiser admits its own teams. */
const SCHOOL_LEVEL: EventLevel = '校级';

const ownInstitutionOf = (scope: ReviewScope) =>
  scope.kind === 'organiser' ? scope.institutionId : scope.ownInstitutionId;

const eventInScope = (scope: ReviewScope, event: { organizerId: number }) =>
  scope.kind === 'operator' || Number(event.organizerId) === scope.institutionId;

/** A team the reviewer may see: handed in at least once (drafts are the institution's own) and in scope. */
const teamInScope = (scope: ReviewScope, team: { state: string; organizerId: number }) =>
  team.state !== 'draft' && eventInScope(scope, team);

/** The events in scope, latest window first, each with its teams counted by state. */
export const reviewEvents = async (
  db: Kysely<Database>,
  scope: ReviewScope,
  page: Page,
  now: Date,
): Promise<{ list: OrganisedEvent[]; total: number }> => {
  const { rows, total } = await listPage(
    () =>
      scope.kind === 'organiser'
        ? db.selectFrom('matchEvent').where('organizerId', '=', scope.institutionId)
        : db.selectFrom('matchEvent'),
    (builder) =>
      builder
        .select([
          'id',
          'name',
          'season',
          'level',
          'registrationOpens',
          'registrationCloses',
          'resultsPublishedTime',
          'objectionDays',
        ])
        .orderBy('registrationCloses', 'desc')
        .orderBy('id', 'desc'),
    page,
  );
  const counts = await stateCountsOfEvents(
    db,
    rows.map((row) => Number(row.id)),
  );
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      season: row.season,
      level: row.level,
      phaseLabel: phaseFields({ ...row, objectionDays: Number(row.objectionDays) }, now).phaseLabel,
      registrationCloses: row.registrationCloses,
      counts: counts.get(Number(row.id)) ?? { submitted: 0, returned: 0, approved: 0 },
    })),
    total,
  };
};

/** An event's teams as handed in, the longest waiting first; an event out of scope is not found. */
export const reviewTeams = async (
  db: Kysely<Database>,
  scope: ReviewScope,
  eventId: number,
  state: TeamState | undefined,
  page: Page,
  now: Date,
) => {
  const event = await findEventWindow(db, eventId);
  if (!event || !eventInScope(scope, event)) throw notFound(REFUSALS.eventNotFound);
  if (state === 'draft') return { list: [], total: 0 };
  return listTeamSummaries(db, { eventId, withoutDrafts: true, state }, page, 'queue', now);
};

/** One team as a reviewer sees it: pupils' names and card numbers masked. */
export const reviewTeam = async (db: Kysely<Database>, scope: ReviewScope, id: number, now: Date) => {
  const row = await findTeamView(db, id);
  if (!row || !teamInScope(scope, row)) throw notFound(REFUSALS.teamNotFound);
  return teamDetailOfView(db, row, 'reviewer', now);
};

type Decision = { action: 'approve' } | { action: 'return'; reason: string };

/**
 * Approves or returns a team waiting for review, also after the window has closed. The team row is locked:
 * of two reviewers deciding at once, the second finds it decided (409) and changes nothing.
 */
const decide = async (db: Db, scope: ReviewScope, id: number, decision: Decision, now: Date) => {
  await db.writeTransaction(async (trx, locks) => {
    const team = await lockTeam(trx, locks, id);
    const event = team ? await findEventWindow(trx, Number(team.eventId)) : undefined;
    if (!team || !event || !teamInScope(scope, { state: team.state, organizerId: Number(event.organizerId) })) {
      throw notFound(REFUSALS.teamNotFound);
    }
    if (Number(team.institutionId) === ownInstitutionOf(scope) && event.level !== SCHOOL_LEVEL) {
      throw forbidden(REFUSALS.ownTeam);
    }
    if (team.state !== 'submitted') {
      throw new ApiError(409, REFUSALS.notSubmitted(TEAM_STATE_LABELS[team.state as TeamState] ?? team.state));
    }
    const at = now.toISOString();
    await updateTeam(trx, id, {
      state: decision.action === 'approve' ? 'approved' : 'returned',
      returnReason: decision.action === 'return' ? decision.reason : '',
      reviewedTime: at,
      reviewedBy: scope.cardNo,
      updateTime: at,
    });
    await recordCardAudit(trx, {
      cardNo: scope.cardNo,
      action: decision.action,
      targetType: 'matchTeam',
      targetId: id,
      detail: {
        institutionId: Number(team.institutionId),
        eventId: Number(team.eventId),
        itemId: Number(team.itemId),
        name: team.name,
        reviewer: scope.kind,
        ...(scope.kind === 'organiser' ? { organizerId: scope.institutionId } : {}),
        ...(decision.action === 'return' ? { reason: decision.reason } : {}),
        result: 'ok',
      },
      at: now,
    });
  });
  return reviewTeam(db.kysely, scope, id, now);
};

export const approveTeam = (db: Db, scope: ReviewScope, id: number, now: Date): Promise<TeamDetail> =>
  decide(db, scope, id, { action: 'approve' }, now);

export const returnTeam = (db: Db, scope: ReviewScope, id: number, reason: string, now: Date): Promise<TeamDetail> =>
  decide(db, scope, id, { action: 'return', reason }, now);
