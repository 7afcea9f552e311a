import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';

export const registerHealthRoute = (app: FastifyInstance, { db }: ServerContext) =>
  defineRoute(app, api.site.health, {}, async () => {
    const reachable = await sql`select 1`
      .execute(db.kysely)
      .then(() => true)
      .catch(() => false);
    return { database: reachable ? ('ok' as const) : ('down' as const), dialect: db.dialect };
  });
