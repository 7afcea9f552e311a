import type { Account } from '@lianmeng/core';

/** A console account as the list and the edit form receive it: an editor unless `overrides` say otherwise. */
export const testAccount = (overrides: Partial<Account>): Account => ({
  id: 2,
  username: 'editor',
  displayName: '联盟编辑',
  role: 'editor',
  disabled: false,
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
