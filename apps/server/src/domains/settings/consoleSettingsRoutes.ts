import { api, SITE_SETTINGS_ID } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { setContentRange } from '../../http/contentRange';
import { defineRoute } from '../../http/defineRoute';
import { readSiteSettings, updateSiteSettings } from './siteSettingsRepository';

/** Site settings as the single record `settings/site`, so the console edits them like any other resource. */
export const registerConsoleSettingsRoutes = (app: FastifyInstance, { db, now }: ServerContext) => {
  defineRoute(app, api.consoleApi.settingsList, async ({ reply }) => {
    setContentRange(reply, 'settings', [0, 0], 1, 1);
    return [{ id: SITE_SETTINGS_ID, ...(await readSiteSettings(db.kysely)) }];
  });

  defineRoute(app, api.consoleApi.settingsOne, async () => ({
    id: SITE_SETTINGS_ID,
    ...(await readSiteSettings(db.kysely)),
  }));

  defineRoute(app, api.consoleApi.settingsUpdate, async ({ body, request }) => {
    const { id: _id, ...settings } = body;
    return updateSiteSettings(db, settings, request.consoleUser, now());
  });
};
