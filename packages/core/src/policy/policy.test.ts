import { describe, expect, it } from 'vitest';
import { IMAGE_UPDATABLE_FIELDS } from '../constants';
import {
  ACCOUNT_REFUSALS,
  accountChangeRefusal,
  accountRoleChoices,
  IMAGE_STAFF_REFUSAL,
  imageChangeRefusal,
  mayChangeAccountDisabled,
  mayChangeImageField,
  mayEditWholeImage,
} from './index';

const editor = { id: 2, role: 'editor', disabled: false } as const;
const admin = { id: 1, role: 'admin', disabled: false } as const;
const otherAdmin = { id: 9, role: 'admin', disabled: false } as const;

describe('console account rules', () => {
  it('an administrator changes another editor or staff account freely between editor and staff', () => {
    expect(accountChangeRefusal(admin.id, editor, { role: 'staff', disabled: true })).toBeNull();
    expect(accountRoleChoices(admin.id, editor)).toEqual(['editor', 'staff']);
    expect(mayChangeAccountDisabled(admin.id, editor)).toBe(true);
  });

  it('nobody changes their own role or disables themselves', () => {
    expect(accountChangeRefusal(admin.id, admin, { role: 'editor' })).toBe(ACCOUNT_REFUSALS.ownRoleOrDisabled);
    expect(accountChangeRefusal(admin.id, admin, { disabled: true })).toBe(ACCOUNT_REFUSALS.ownRoleOrDisabled);
    expect(accountRoleChoices(admin.id, admin)).toEqual([]);
    expect(mayChangeAccountDisabled(admin.id, admin)).toBe(false);
    expect(ACCOUNT_REFUSALS.ownRoleOrDisabled.kind).toBe('forbidden');
  });

  it('sending back the unchanged role and state of oneself is no change and is allowed', () => {
    expect(accountChangeRefusal(admin.id, admin, { role: 'admin', disabled: false })).toBeNull();
  });

  it('the administrator role is neither given nor taken', () => {
    expect(accountChangeRefusal(admin.id, editor, { role: 'admin' })).toBe(ACCOUNT_REFUSALS.adminRole);
    expect(accountChangeRefusal(admin.id, otherAdmin, { role: 'editor' })).toBe(ACCOUNT_REFUSALS.adminRole);
    expect(accountRoleChoices(admin.id, otherAdmin)).toEqual([]);
    expect(ACCOUNT_REFUSALS.adminRole.kind).toBe('invalid');
  });

  it('another administrator may be disabled', () => {
    expect(accountChangeRefusal(admin.id, otherAdmin, { disabled: true })).toBeNull();
  });
});

describe('image field rules', () => {
  it('staff change the open switch and nothing else', () => {
    expect(imageChangeRefusal('staff', ['isOpen'])).toBeNull();
    expect(imageChangeRefusal('staff', [])).toBeNull();
    for (const field of IMAGE_UPDATABLE_FIELDS.filter((name) => name !== 'isOpen')) {
      expect(mayChangeImageField('staff', field)).toBe(false);
      expect(imageChangeRefusal('staff', ['isOpen', field])).toBe(IMAGE_STAFF_REFUSAL);
    }
    expect(mayEditWholeImage('staff')).toBe(false);
  });

  it('editors and administrators change every field', () => {
    for (const role of ['editor', 'admin'] as const) {
      expect(imageChangeRefusal(role, IMAGE_UPDATABLE_FIELDS)).toBeNull();
      expect(mayEditWholeImage(role)).toBe(true);
    }
  });
});
