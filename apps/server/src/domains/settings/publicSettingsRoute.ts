import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { readSiteSettings } from './siteSettingsRepository';

export const registerPublicSettingsRoute = (app: FastifyInstance, { db }: ServerContext) =>
  defineRoute(app, api.site.settings, async ({ reply }) => {
    // Short enough that an administrator's change shows on the portal's next load.
    reply.header('Cache-Control', 'no-cache');
    return readSiteSettings(db.kysely);
  });
