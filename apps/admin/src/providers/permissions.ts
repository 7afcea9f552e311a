import { type Account, api, type CallDefinition, type ConsoleRole, consoleRoleMay } from '@lianmeng/core';
import {
  accountRoleChoices,
  mayChangeAccountDisabled,
  mayChangeImageField,
  mayEditWholeImage,
} from '@lianmeng/core/policy';

export const IMAGE_RESOURCES = ['banners', 'partners'] as const;

const imageCalls: Record<string, CallDefinition> = {
  list: api.img.search,
  export: api.img.search,
  show: api.img.searchOne,
  create: api.img.insert,
  edit: api.img.update,
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
  institutions: {
    list: api.consoleApi.institutionList,
    show: api.consoleApi.institutionOne,
    create: api.consoleApi.institutionCreate,
    edit: api.consoleApi.institutionUpdate,
    import: api.consoleApi.institutionImportCommit,
  },
  cardAccounts: {
    list: api.consoleApi.cardAccountList,
    show: api.consoleApi.cardAccountOne,
    edit: api.consoleApi.cardAccountUpdate,
  },
  // Retiring is an update of the status: the catalogue has no delete, so its records keep their item.
  catalogue: {
    list: api.consoleApi.catalogueList,
    show: api.consoleApi.catalogueOne,
    create: api.consoleApi.catalogueCreate,
    edit: api.consoleApi.catalogueUpdate,
    retire: api.consoleApi.catalogueUpdate,
  },
  // Events are hidden, never deleted: teams, results and certificates hang on them.
  events: {
    list: api.consoleApi.eventList,
    show: api.consoleApi.eventOne,
    create: api.consoleApi.eventCreate,
    edit: api.consoleApi.eventUpdate,
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
 * Field-level rules beneath a call's access, per resource and action (`@lianmeng/core/policy`, which the
 * server enforces too): the image update call is open to staff, but only for the open switch.
 */
const FIELD_RULES: Record<string, Record<string, (role: ConsoleRole) => boolean>> = {
  banners: { edit: mayEditWholeImage, toggle: (role) => mayChangeImageField(role, 'isOpen') },
  partners: { edit: mayEditWholeImage, toggle: (role) => mayChangeImageField(role, 'isOpen') },
};

/**
 * Whether the console offers an action to a role: the contract lets the role make the action's call, and the
 * field rules let it change what the action changes. The server checks both on every call; this only decides
 * what the console shows.
 */
export const canRoleAccess = (role: ConsoleRole | undefined, resource: string, action: string): boolean => {
  const call = callOfAction(resource, action);
  if (role === undefined || call === undefined || !consoleRoleMay(role, call.access)) return false;
  return FIELD_RULES[resource]?.[action]?.(role) ?? true;
};

/**
 * What the account form offers the signed-in user on one account: the roles it may switch to (none on one's
 * own account or an administrator's) and whether the disabled switch is theirs to turn.
 */
export const accountFieldsOffered = (
  identityId: number | string | undefined,
  account: Pick<Account, 'id' | 'role' | 'disabled'>,
) => {
  const actorId = identityId === undefined ? undefined : Number(identityId);
  return {
    roles: accountRoleChoices(actorId, account),
    disabled: mayChangeAccountDisabled(actorId, account),
  };
};
