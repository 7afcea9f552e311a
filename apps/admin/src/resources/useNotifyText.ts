import { useCallback } from 'react';
import { useNotify } from 'react-admin';

type NotificationType = 'info' | 'success' | 'warning' | 'error';

/**
 * Shows a message that is already the Chinese sentence to show (often with the server's own words in it), not
 * a translation key. react-admin passes every notification through the translator, which would look the
 * sentence up as a key and warn that it has no translation; giving the sentence as the translation's default
 * shows it as it is.
 */
export const useNotifyText = () => {
  const notify = useNotify();
  return useCallback(
    (text: string, type: NotificationType) => notify(text, { type, messageArgs: { _: text } }),
    [notify],
  );
};
