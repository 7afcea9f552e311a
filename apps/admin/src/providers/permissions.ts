import type { ConsoleRole } from '@lianmeng/core';

export const IMAGE_RESOURCES = ['banners', 'partners'] as const;
const CONTENT_RESOURCES: readonly string[] = [...IMAGE_RESOURCES, 'articles'];
const ADMIN_RESOURCES: readonly string[] = ['accounts', 'settings', 'audit'];
/** What staff may do: look, and turn `isOpen` on and off (the `toggle` action). */
const STAFF_ACTIONS: readonly string[] = ['list', 'show', 'toggle'];

/**
 * The console's view of PRODUCT.md's roles. The server enforces the same rules; this only decides what
 * the console offers.
 */
export const canRoleAccess = (role: ConsoleRole | undefined, resource: string, action: string): boolean => {
  if (!role) return false;
  if (role === 'admin') return true;
  if (ADMIN_RESOURCES.includes(resource)) return false;
  if (!CONTENT_RESOURCES.includes(resource)) return false;
  if (role === 'editor') return true;
  // Articles have no open switch: staff only read them.
  if (resource === 'articles') return action === 'list' || action === 'show';
  return STAFF_ACTIONS.includes(action);
};
