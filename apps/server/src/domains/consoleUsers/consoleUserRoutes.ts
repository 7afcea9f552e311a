import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { listAnswer } from '../../http/contentRange';
import { defineRoute } from '../../http/defineRoute';
import { changeConsoleUser, createConsoleUser, findConsoleUser, listConsoleUsers } from './consoleUserRepository';

/** Console users, under /lianmeng/api/accounts: administrators create editors and staff, reset passwords, disable. */
export const registerConsoleUserRoutes = (app: FastifyInstance, { db, now }: ServerContext) => {
  defineRoute(app, api.consoleApi.accountList, async ({ query, reply }) =>
    listAnswer(reply, 'accounts', query.range, await listConsoleUsers(db.kysely, query)),
  );

  defineRoute(app, api.consoleApi.accountOne, async ({ params }) => findConsoleUser(db.kysely, params.id));

  defineRoute(app, api.consoleApi.accountCreate, async ({ body, request }) =>
    createConsoleUser(db, body, request.consoleUser, now()),
  );

  defineRoute(app, api.consoleApi.accountUpdate, async ({ params, body, request }) =>
    changeConsoleUser(db, params.id, body, request.consoleUser, now()),
  );
};
