import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { readSiteSettings } from './siteSettingsRepository';

export const registerPublicSettingsRoute = (app: FastifyInstance, { db }: ServerContext) =>
  // The same for every visitor: cached until the site version changes, with a weak validator.
  defineRoute(app, api.site.settings, async () => readSiteSettings(db.kysely), { cache: { public: true } });
