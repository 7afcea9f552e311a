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
  /** The external evaluation and certification service the menu's 测评认证 item opens. */
  certificationUrl: z.string(),
  /** An uploaded image (`/uploads/…`) shown as the header's logo; empty: the built-in logo. */
  logoImage: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The certification service's address until an administrator sets another. */
export const DEFAULT_CERTIFICATION_URL = 'https://www.robotsports.org.cn/certification/';

export const site = {
  settings: defineCall({
    method: 'GET',
    path: '/api/site/settings',
    host: 'main',
    access: 'anonymous',
    xsrf: false,
    bodyKind: 'none',
    response: siteSettingsSchema,
    summary: '站点设置：服务热线、版权、备案号、主办单位、测评认证地址、站点标志',
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
