import { COLUMNS } from '@lianmeng/core';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Label = string | RegExp;

/** Types into the field labelled `label`, once it is on screen. */
export const typeInto = async (user: UserEvent, label: Label, text: string) =>
  user.type(await screen.findByLabelText(label), text);

/** Empties `field` and types `text`, as an editor replacing what it held. */
export const replaceText = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.type(field, text);
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
  await user.type(screen.getByLabelText(/^标题/), title);
};
