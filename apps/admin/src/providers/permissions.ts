import { api, type CallDefinition, type ConsoleRole, consoleRoleMay } from '@lianmeng/core';

export const IMAGE_RESOURCES = ['banners', 'partners'] as const;

const imageCalls: Record<string, CallDefinition> = {
  list: api.img.search,
  export: api.img.search,
  show: api.img.searchOne,
  create: api.img.insert,
  // The update call lets staff change the open switch alone; the edit form changes the rest, which only
  // those who may create an image may do.
  edit: api.img.insert,
  toggle: api.img.update,
  delete: api.img.delete,
  clear: api.img.sortClear,
  reorder: api.img.reorder,
};

/**
 * Which call each console action makes, per resource: what a role may do is what the contract lets it call.
 * An action that makes no call (an account has no delete) is offered to nobody.
 */
const ACTION_CALLS: Record<string, Record<string, CallDefinition>> = {
  banners: imageCalls,
  partners: imageCalls,
  articles: {
    list: api.consoleApi.articleList,
    export: api.consoleApi.articleList,
    show: api.consoleApi.articleOne,
    create: api.consoleApi.articleCreate,
    edit: api.consoleApi.articleUpdate,
    toggle: api.consoleApi.articleUpdate,
    delete: api.consoleApi.articleDelete,
  },
  accounts: {
    list: api.consoleApi.accountList,
    show: api.consoleApi.accountOne,
    create: api.consoleApi.accountCreate,
    edit: api.consoleApi.accountUpdate,
  },
  audit: { list: api.consoleApi.auditList, show: api.consoleApi.auditOne },
  settings: {
    list: api.consoleApi.settingsList,
    show: api.consoleApi.settingsOne,
    edit: api.consoleApi.settingsUpdate,
  },
};

/** The call an action on a resource makes, if any. */
export const callOfAction = (resource: string, action: string): CallDefinition | undefined =>
  ACTION_CALLS[resource]?.[action];

/**
 * Whether the console offers an action to a role. The server checks the same table on every call; this only
 * decides what the console shows.
 */
export const canRoleAccess = (role: ConsoleRole | undefined, resource: string, action: string): boolean => {
  const call = callOfAction(resource, action);
  return role !== undefined && call !== undefined && consoleRoleMay(role, call.access);
};
