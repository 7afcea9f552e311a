import { api, SITE_SETTINGS_ID } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit/recordAudit';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import { requireXsrf } from '../../../plugins/xsrf';
import { readSiteSettings, writeSiteSettings } from '../../site/siteSettingsRepository';
import { setContentRange } from '../contentRange';

/** Site settings as the single record `settings/site`; administrators only. */
export const registerConsoleSettingsRoutes = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) => {
  const adminOnly = consoleSessions.require('admin');

  defineRoute(app, api.consoleApi.settingsList, { preHandler: [adminOnly] }, async ({ reply }) => {
    setContentRange(reply, 'settings', [0, 0], 1, 1);
    return [{ id: SITE_SETTINGS_ID, ...(await readSiteSettings(db.kysely)) }];
  });

  defineRoute(app, api.consoleApi.settingsOne, { preHandler: [adminOnly] }, async () => ({
    id: SITE_SETTINGS_ID,
    ...(await readSiteSettings(db.kysely)),
  }));

  defineRoute(
    app,
    api.consoleApi.settingsUpdate,
    { preHandler: [requireXsrf, adminOnly] },
    async ({ body, request }) => {
      const at = now();
      const { id: _id, ...settings } = body;
      return db.writeTransaction(async (trx) => {
        const before = await readSiteSettings(trx);
        await writeSiteSettings(trx, settings, at);
        const after = await readSiteSettings(trx);
        const changed = Object.keys(after).filter(
          (key) => before[key as keyof typeof before] !== after[key as keyof typeof after],
        );
        await recordAudit(trx, {
          user: request.consoleUser,
          action: 'settings',
          targetType: 'siteSettings',
          targetId: SITE_SETTINGS_ID,
          detail: Object.fromEntries(
            changed.map((key) => [
              key,
              { from: before[key as keyof typeof before], to: after[key as keyof typeof after] },
            ]),
          ),
          at,
        });
        return { id: SITE_SETTINGS_ID, ...after };
      });
    },
  );
};
