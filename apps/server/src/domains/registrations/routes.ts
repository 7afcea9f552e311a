import { api } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { forbidden } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { findReviewer } from '../credits/reviewCommands';
import { actingInstitution, ROLE_REFUSED } from '../institutions/cardRoles';
import { carryTeam, ladderTeams } from './ladderCommands';
import { registrationEvents } from './registrationEvents';
import { approveTeam, type ReviewScope, returnTeam, reviewEvents, reviewTeam, reviewTeams } from './reviewCommands';
import { changeTeam, createTeam, submitTeam, withdrawTeam } from './teamCommands';
import { registerTeamFileRoutes } from './teamFileRoutes';
import { listTeamSummaries } from './teamRepository';
import { ownTeamDetail } from './teamView';

/** The review calls, the same for the organising institution's account and for an operator. */
const registerReviewRoutes = (
  app: FastifyInstance,
  { db, now }: ServerContext,
  calls: typeof api.matchOrganiser | typeof api.matchReview,
  scopeOf: (request: FastifyRequest) => Promise<ReviewScope>,
) => {
  defineRoute(app, calls.events, async ({ query, request }) =>
    reviewEvents(db.kysely, await scopeOf(request), pageOfNumber(query), now()),
  );
  defineRoute(app, calls.teams, async ({ params, query, request }) =>
    reviewTeams(db.kysely, await scopeOf(request), params.eventId, query.state, pageOfNumber(query), now()),
  );
  defineRoute(app, calls.team, async ({ params, request }) =>
    reviewTeam(db.kysely, await scopeOf(request), params.id, now()),
  );
  defineRoute(app, calls.approve, async ({ params, request }) =>
    approveTeam(db, await scopeOf(request), params.id, now()),
  );
  defineRoute(app, calls.return, async ({ params, body, request }) =>
    returnTeam(db, await scopeOf(request), params.id, body.reason, now()),
  );
};

/**
 * Registration for match events in the institution workbench, and its review by the organising institution
 * and by operators. Every institution call acts for the caller's own institution, whatever ids it sends.
 * Team writes do not touch the site version: the public pages show no teams, and a deadline rush must not
 * empty the public cache.
 */
export const registerRegistrationRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, now } = context;
  const calls = api.matchRegistration;
  defineRoute(app, calls.events, async ({ query, request }) =>
    registrationEvents(db.kysely, actingInstitution(request).institutionId, pageOfNumber(query), now()),
  );
  defineRoute(app, calls.teams, async ({ query, request }) =>
    listTeamSummaries(
      db.kysely,
      { institutionId: actingInstitution(request).institutionId, eventId: query.eventId },
      pageOfNumber(query),
      'newest',
      now(),
    ),
  );
  defineRoute(app, calls.team, async ({ params, request }) =>
    ownTeamDetail(db.kysely, actingInstitution(request).institutionId, params.id, now()),
  );
  defineRoute(app, calls.create, async ({ body, request }) => createTeam(db, actingInstitution(request), body, now()));
  defineRoute(app, calls.update, async ({ params, body, request }) =>
    changeTeam(db, actingInstitution(request), params.id, body, now()),
  );
  defineRoute(app, calls.withdraw, async ({ params, request }) =>
    withdrawTeam(db, context.config.dataDir, actingInstitution(request), params.id, now()),
  );
  defineRoute(app, calls.submit, async ({ params, request }) =>
    submitTeam(db, actingInstitution(request), params.id, now()),
  );

  // The ladder (晋级): the institution's awarded teams and their carry into a next-level event.
  defineRoute(app, api.matchLadder.teams, async ({ query, request }) =>
    ladderTeams(db.kysely, actingInstitution(request).institutionId, pageOfNumber(query), now()),
  );
  defineRoute(app, api.matchLadder.carry, async ({ params, body, request }) =>
    carryTeam(db, actingInstitution(request), params.id, body, now()),
  );

  registerReviewRoutes(app, context, api.matchOrganiser, async (request) => {
    const { cardNo, institutionId } = actingInstitution(request);
    return { kind: 'organiser', cardNo, institutionId };
  });
  registerReviewRoutes(app, context, api.matchReview, async (request) => {
    const actor = request.cardActor;
    if (!actor) throw forbidden(ROLE_REFUSED);
    const reviewer = await findReviewer(db.kysely, actor.cardNo);
    return { kind: 'operator', cardNo: reviewer.cardNo, ownInstitutionId: reviewer.ownInstitutionId };
  });
  registerTeamFileRoutes(app, context);
};
