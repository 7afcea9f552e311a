import { z } from 'zod';
import { defineCall } from './call';

export const siteSettingsSchema = z.object({
  hotline: z.string(),
  copyright: z.string(),
  icpNumber: z.string(),
  icpLink: z.string(),
  publicSecurityNumber: z.string(),
  publicSecurityLink: z.string(),
  sponsor: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const site = {
  settings: defineCall({
    method: 'GET',
    path: '/api/site/settings',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: siteSettingsSchema,
    summary: '站点设置：服务热线、版权、备案号、主办单位',
  }),
  health: defineCall({
    method: 'GET',
    path: '/healthz',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: z.object({ database: z.enum(['ok', 'down']), dialect: z.string() }),
    summary: '存活与数据库连通检查',
  }),
} as const;
