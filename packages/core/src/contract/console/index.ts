import { accountCalls } from './accounts';
import { articleCalls } from './articles';
import { auditCalls } from './audit';
import { catalogueCalls } from './catalogue';
import { eventCalls } from './events';
import { institutionCalls } from './institutions';
import { settingsCalls } from './settings';

export * from './accounts';
export * from './articles';
export * from './audit';
export * from './catalogue';
export { CONSOLE_API_PREFIX, idParams } from './common';
export * from './events';
export * from './institutions';
export * from './settings';

/**
 * The console's REST calls under /lianmeng/api, one file per resource, in ra-data-simple-rest's
 * convention: lists take the JSON-encoded `sort`, `range` and `filter` query parameters and answer with a
 * `Content-Range` header; the body keeps our envelope, `data` holding what react-admin expects.
 */
export const consoleApi = {
  ...settingsCalls,
  ...auditCalls,
  ...accountCalls,
  ...articleCalls,
  ...institutionCalls,
  ...catalogueCalls,
  ...eventCalls,
} as const;
