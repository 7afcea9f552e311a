import { COLUMNS } from '@lianmeng/core';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Label = string | RegExp;

/** Input types whose caret can be placed (the others refuse `setSelectionRange`). */
const CARET_TYPES = new Set(['text', 'password', 'search', 'url', 'tel']);

/**
 * Enters `text` at the end of `field`, as one paste after a click. A key per character would re-render the
 * whole react-admin form for each one, and these tests are about what the form holds and sends, not about
 * keys; the tests about typing itself (the body editor's, an input method's) press the keys one by one.
 */
export const enterText = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.click(field);
  if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && CARET_TYPES.has(field.type))) {
    field.setSelectionRange(field.value.length, field.value.length);
  }
  await user.paste(text);
};

/** Enters `text` into the field labelled `label`, once it is on screen. */
export const fillIn = async (user: UserEvent, label: Label, text: string) =>
  enterText(user, await screen.findByLabelText(label), text);

/** Empties `field` and enters `text`, as an editor replacing what it held. */
export const replaceText = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await enterText(user, field, text);
};

/** Opens the react-admin select labelled `label` and picks the option named `option`. */
export const pickOption = async (user: UserEvent, label: Label, option: Label) => {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** Presses the form's save button. */
export const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: /保存/ }));

/** Fills what an article needs before it can be saved: the first column and `title`. */
export const fillArticleRequired = async (user: UserEvent, title: string) => {
  const [column] = COLUMNS;
  if (!column) throw new Error('the contract lists no column');
  await pickOption(user, /栏目/, column.title);
  await enterText(user, screen.getByLabelText(/^标题/), title);
};
