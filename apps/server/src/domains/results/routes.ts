import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { defineRoute } from '../../http/defineRoute';
import { visibleEventClocks } from '../events/eventRepository';
import { nextPhaseEdge } from '../events/policy';
import { actingInstitution } from '../institutions/cardRoles';
import { answerObjection, objectToResult, organiserObjections, ownObjections } from './objectionCommands';
import { publicResultsOf } from './publicResults';
import { organiserResults, publishResults, saveResults } from './resultCommands';
import { registerResultImportRoutes } from './resultImport';

/** How far back phase edges are looked for: an edge passed while the handler ran must end the entry at once. */
const HANDLER_MARGIN_MS = 5_000;
/** The answer carries the server's clock for the deadline's countdown, so a kept answer is kept this long at most. */
const KEPT_MS = 1_000;

/**
 * Results (成绩) of match events: entered and published by the organising institution's account for the
 * events it organises, objected to by institutions with a team in the event, and shown publicly (公示).
 * Every write changes the site version (the tables' triggers), so the public answer is never stale.
 */
export const registerResultRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, now } = context;
  const calls = api.matchResults;
  defineRoute(app, calls.results, async ({ params, request }) =>
    organiserResults(db.kysely, actingInstitution(request), params.eventId, now()),
  );
  defineRoute(app, calls.save, async ({ params, body, request }) =>
    saveResults(db, actingInstitution(request), params.eventId, body.entries, now(), 'hand'),
  );
  defineRoute(app, calls.publish, async ({ params, request }) =>
    publishResults(db, actingInstitution(request), params.eventId, now()),
  );
  defineRoute(app, calls.objections, async ({ params, query, request }) =>
    organiserObjections(db.kysely, actingInstitution(request), params.eventId, pageOfNumber(query)),
  );
  defineRoute(app, calls.answer, async ({ params, body, request }) =>
    answerObjection(db, actingInstitution(request), params.id, body.answer, now()),
  );
  registerResultImportRoutes(app, context);

  defineRoute(app, api.matchObjections.object, async ({ body, request }) =>
    objectToResult(db, actingInstitution(request), body, now()),
  );
  defineRoute(app, api.matchObjections.mine, async ({ query, request }) =>
    ownObjections(db.kysely, actingInstitution(request).institutionId, query.eventId, pageOfNumber(query)),
  );

  // Kept until the next phase edge of any shown event (an objection period's end among them), for a second at most.
  defineRoute(app, api.matchPublicResults.results, async ({ params }) => publicResultsOf(db.kysely, params.id, now()), {
    cache: {
      public: true,
      until: async () => {
        const edge = nextPhaseEdge(await visibleEventClocks(db.kysely), new Date(now().getTime() - HANDLER_MARGIN_MS));
        const kept = new Date(now().getTime() + KEPT_MS);
        return edge && edge < kept ? edge : kept;
      },
    },
  });
};
