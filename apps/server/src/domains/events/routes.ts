import { api, EVENT_CATALOGUE_KINDS } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { registerConsoleResource } from '../../http/consoleResource';
import { defineRoute } from '../../http/defineRoute';
import { catalogueOfKinds } from '../credits/catalogueRepository';
import { activeInstitutionNames } from '../institutions/institutionRepository';
import { changeEvent, createEvent } from './eventCommands';
import {
  findConsoleEvent,
  findPublicEvent,
  listConsoleEvents,
  listPublicEvents,
  visibleEventClocks,
} from './eventRepository';
import { nextPhaseEdge } from './policy';

/**
 * How long before the instant a cached answer is stored its phase edges are looked for: the handler read
 * the clock a moment earlier, and an edge passed in between must end the entry at once, not a window later.
 */
const HANDLER_MARGIN_MS = 5_000;
/** The detail carries the server's clock for the page's countdown, so a kept answer is kept this long at most. */
const DETAIL_KEPT_MS = 1_000;

/** Events (赛事): kept by editors in the console, shown on /match when visible. */
export const registerEventRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, now } = context;
  const calls = api.consoleApi;
  registerConsoleResource(
    app,
    context,
    'events',
    { list: calls.eventList, one: calls.eventOne, create: calls.eventCreate, update: calls.eventUpdate },
    {
      list: (kysely, query) => listConsoleEvents(kysely, query, now()),
      one: (kysely, id) => findConsoleEvent(kysely, id, now()),
      create: createEvent,
      update: changeEvent,
    },
  );

  // What the form offers; the institutions and the catalogue themselves are the administrators'.
  defineRoute(app, calls.eventChoices, async () => {
    const [organizers, catalogue] = await Promise.all([
      activeInstitutionNames(db.kysely),
      catalogueOfKinds(db.kysely, EVENT_CATALOGUE_KINDS),
    ]);
    return { organizers, catalogue };
  });

  // An answer holds each event's phase on the server's clock: it is kept until the next edge of any visible
  // event's window (or a write, which changes the site version), so a phase flips on time.
  const nextEdge = async () =>
    nextPhaseEdge(await visibleEventClocks(db.kysely), new Date(now().getTime() - HANDLER_MARGIN_MS));
  defineRoute(
    app,
    api.matchEvents.list,
    async ({ query }) => listPublicEvents(db.kysely, { phase: query.phase }, pageOfNumber(query), now()),
    { cache: { public: true, until: nextEdge } },
  );
  defineRoute(app, api.matchEvents.detail, async ({ params }) => findPublicEvent(db.kysely, params.id, now()), {
    cache: {
      public: true,
      until: async () => {
        const edge = await nextEdge();
        const kept = new Date(now().getTime() + DETAIL_KEPT_MS);
        return edge && edge < kept ? edge : kept;
      },
    },
  });
};
