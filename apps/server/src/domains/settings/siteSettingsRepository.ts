import { type ConsoleUser, DEFAULT_CERTIFICATION_URL, SITE_SETTINGS_ID, type SiteSettings } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/auditRepository';

/** What a fresh site shows until an administrator edits it in the console. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  hotline: '010-6600 0000',
  copyright: '版权所有 © 全国学校体育联盟（机器人运动）',
  icpNumber: '京ICP备00000000号-1',
  icpLink: 'https://beian.miit.gov.cn/',
  publicSecurityNumber: '京公网安备 11010000000000号',
  publicSecurityLink: 'https://beian.mps.gov.cn/',
  sponsor: '全国学校体育联盟（机器人运动） 主办',
  certificationUrl: DEFAULT_CERTIFICATION_URL,
  // Empty: the portal's built-in logo.
  logoImage: '',
};

const KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as (keyof SiteSettings)[];

export const readSiteSettings = async (db: Kysely<Database>): Promise<SiteSettings> => {
  const rows = await db.selectFrom('siteSetting').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(KEYS.map((key) => [key, stored.get(key) ?? DEFAULT_SITE_SETTINGS[key]])) as SiteSettings;
};

/** Upserts the given settings; unknown keys never reach here (the contract's schema is strict). */
export const writeSiteSettings = async (db: Kysely<Database>, settings: Partial<SiteSettings>, at: Date) => {
  for (const key of KEYS) {
    const value = settings[key];
    if (value === undefined) continue;
    await db
      .insertInto('siteSetting')
      .values({ key, value, updateTime: at.toISOString() })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updateTime: at.toISOString() }))
      .execute();
  }
};

/** Setting values that name an uploaded file (a logo, the icon beside the filing number), for the upload sweep. */
export const uploadedSettingValues = async (db: Kysely<Database>) =>
  (await db.selectFrom('siteSetting').select('value').where('value', 'like', '%/uploads/%').execute()).map(
    (row) => row.value,
  );

/** Writes the settings an administrator sent and audits what changed, from and to, in one transaction. */
export const updateSiteSettings = (db: Db, settings: Partial<SiteSettings>, actor: ConsoleUser | null, at: Date) =>
  db.writeTransaction(async (trx, locks) => {
    // A setting may have no row yet, so there is no row to lock: writers of the settings take turns.
    await locks.named('site-settings');
    const before = await readSiteSettings(trx);
    await writeSiteSettings(trx, settings, at);
    const after = await readSiteSettings(trx);
    const changed = KEYS.filter((key) => before[key] !== after[key]);
    await recordAudit(trx, {
      user: actor,
      action: 'settings',
      targetType: 'siteSettings',
      targetId: SITE_SETTINGS_ID,
      detail: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: after[key] }])),
      at,
    });
    return { id: SITE_SETTINGS_ID, ...after };
  });
