import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { isReachable } from '../../db/database';
import { defineRoute } from '../../http/defineRoute';

export const registerHealthRoute = (app: FastifyInstance, { db }: ServerContext) =>
  defineRoute(app, api.site.health, async () => ({
    database: (await isReachable(db)) ? ('ok' as const) : ('down' as const),
    dialect: db.dialect,
  }));
