import type { ConsoleRole, ImageUpdatableField } from '../constants';

/**
 * Which fields of a banner or partner each console role may change. Staff run the site day to day: they
 * open and close items and change nothing else. The server refuses any other change from them (in the
 * image update command); the console offers them the open switch and no edit form.
 */
export const IMAGE_FIELDS_BY_ROLE: Record<ConsoleRole, 'all' | readonly ImageUpdatableField[]> = {
  admin: 'all',
  editor: 'all',
  staff: ['isOpen'],
};

export const IMAGE_STAFF_REFUSAL = '内容运营只能修改开放状态';

/** Whether the role may change this one field. */
export const mayChangeImageField = (role: ConsoleRole, field: ImageUpdatableField): boolean => {
  const allowed = IMAGE_FIELDS_BY_ROLE[role];
  return allowed === 'all' || allowed.includes(field);
};

/** Whether the role may change every field (the console's edit form). */
export const mayEditWholeImage = (role: ConsoleRole): boolean => IMAGE_FIELDS_BY_ROLE[role] === 'all';

/** The refusal message for a change of these fields, or null when the role may change them all. */
export const imageChangeRefusal = (role: ConsoleRole, changed: readonly ImageUpdatableField[]): string | null =>
  changed.every((field) => mayChangeImageField(role, field)) ? null : IMAGE_STAFF_REFUSAL;
