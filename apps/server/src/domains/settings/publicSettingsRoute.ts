import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { readSiteSettings } from './siteSettingsRepository';

export const registerPublicSettingsRoute = (app: FastifyInstance, { db }: ServerContext) =>
  // The same for every visitor: kept until the site version changes. Its `Cache-Control: no-cache` and
  // validator come from the compression module's public-read rules, kept answers included.
  defineRoute(app, api.site.settings, async () => readSiteSettings(db.kysely), { keep: true });
