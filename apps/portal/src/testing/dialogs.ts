import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * A button of the newest open dialog (`selector`: antd's `.ant-modal`, or `.ant-modal-confirm` for a
 * confirmation), found by its text inside the dialog: role queries over the whole page (a table behind the
 * dialog) cost jsdom seconds each. A closed dialog may stay in the document, hidden; the title may say the
 * same as the button.
 */
export const dialogButton = async (text: string, selector = '.ant-modal') => {
  const dialog = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(selector)].at(-1);
    if (!found) throw new Error('no dialog open');
    return found;
  });
  const button = within(dialog)
    .getAllByText(text)
    .map((element) => element.closest('button'))
    .find(Boolean);
  if (!button) throw new Error(`no button ${text}`);
  return button;
};

/** Text arrives in one change, as a paste does: key by key re-renders a table or dialog each time, at a jsdom second. */
export const enter = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
