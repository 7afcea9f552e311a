import type { ConsoleRole } from '../constants';

/**
 * Who may change what on a console account, field by field. The server refuses what these rules refuse
 * (in the account update command) and the console offers only what they allow, so the two never disagree.
 *
 * - Nobody changes their own role or disables their own account: an administrator could otherwise leave
 *   the console without one.
 * - The administrator role is neither given nor taken in the console: administrators come from the seed.
 */

/** The account a change is made on, as far as the rules need it. */
export interface AccountTarget {
  id: number;
  role: ConsoleRole;
  disabled: boolean;
}

/** The fields of a change the rules look at; absent means unchanged. */
export interface AccountChange {
  role?: ConsoleRole;
  disabled?: boolean;
}

/** Why a change is refused: `forbidden` (403) for a change of oneself, `invalid` (400) for a role it cannot set. */
export interface AccountRefusal {
  kind: 'forbidden' | 'invalid';
  message: string;
}

export const ACCOUNT_REFUSALS = {
  ownRoleOrDisabled: { kind: 'forbidden', message: '不能修改自己的角色或停用自己的账号' },
  adminRole: { kind: 'invalid', message: '管理员账号的角色不能在管理台修改' },
} as const satisfies Record<string, AccountRefusal>;

/** Whether an account's role may be changed by this actor, and to which roles. */
export const accountRoleChoices = (actorId: number | undefined, target: AccountTarget): readonly ConsoleRole[] => {
  if (actorId === target.id || target.role === 'admin') return [];
  return ['editor', 'staff'];
};

/** Whether this actor may disable (or enable) the account. */
export const mayChangeAccountDisabled = (actorId: number | undefined, target: AccountTarget): boolean =>
  actorId !== target.id;

/** The refusal of a change, or null when every field it changes may be changed. */
export const accountChangeRefusal = (
  actorId: number | undefined,
  target: AccountTarget,
  change: AccountChange,
): AccountRefusal | null => {
  const newRole = change.role !== undefined && change.role !== target.role ? change.role : undefined;
  const disabledChanges = change.disabled !== undefined && change.disabled !== target.disabled;
  if (actorId === target.id && (newRole !== undefined || disabledChanges)) return ACCOUNT_REFUSALS.ownRoleOrDisabled;
  if (newRole !== undefined && !accountRoleChoices(actorId, target).includes(newRole))
    return ACCOUNT_REFUSALS.adminRole;
  return null;
};
