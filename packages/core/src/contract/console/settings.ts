import { z } from 'zod';
import { TEXT_LIMITS } from '../../constants';
import { defineCall } from '../call';
import { isHttpUrl, isUploadPath } from '../fields';
import { siteSettingsSchema } from '../site';
import { optionalText, requiredText, resourcePath } from './common';

/** The site settings are one record; react-admin edits it as `settings/site`. */
export const SITE_SETTINGS_ID = 'site' as const;
export const consoleSettingsSchema = siteSettingsSchema.extend({ id: z.literal(SITE_SETTINGS_ID) });

const linkOrEmpty = z.union([
  z.literal(''),
  optionalText(TEXT_LIMITS.url).refine(isHttpUrl, { error: '应为 http(s) 开头的网址' }),
]);
export const consoleSettingsBody = z
  .object({
    id: z.literal(SITE_SETTINGS_ID).optional(),
    hotline: requiredText(40),
    copyright: requiredText(200),
    icpNumber: optionalText(60),
    icpLink: linkOrEmpty,
    publicSecurityNumber: optionalText(60),
    publicSecurityLink: linkOrEmpty,
    sponsor: requiredText(200),
    certificationUrl: requiredText(TEXT_LIMITS.url).refine(isHttpUrl, { error: '应为 http(s) 开头的网址' }),
    logoImage: z.union([
      z.literal(''),
      optionalText(TEXT_LIMITS.url).refine(isUploadPath, { error: '应为上传后的图片地址' }),
    ]),
  })
  .strict();

export const settingsCalls = {
  settingsList: defineCall({
    method: 'GET',
    path: resourcePath('settings'),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    response: z.array(consoleSettingsSchema),
    summary: '站点设置（列表形式，仅一条）',
  }),
  settingsOne: defineCall({
    method: 'GET',
    path: resourcePath('settings', true),
    host: 'main',
    access: 'admin',
    xsrf: false,
    bodyKind: 'none',
    params: z.object({ id: z.literal(SITE_SETTINGS_ID, { error: '站点设置只有一条' }) }),
    response: consoleSettingsSchema,
    summary: '读取站点设置',
  }),
  settingsUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('settings', true),
    host: 'main',
    access: 'admin',
    xsrf: true,
    bodyKind: 'json',
    params: z.object({ id: z.literal(SITE_SETTINGS_ID, { error: '站点设置只有一条' }) }),
    body: consoleSettingsBody,
    response: consoleSettingsSchema,
    summary: '修改站点设置（管理员）',
  }),
} as const;
