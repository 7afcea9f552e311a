import { HttpError } from 'react-admin';

/**
 * The server names the field a refusal is about as `标签（field）`, or by its bare path right after `有误：` when
 * the field has no Chinese label; a field inside a list is named by its path (`items.0.maxMembers`). That
 * field gets the message on the form.
 */
const FIELD_PATH = '[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*';
const FIELD_IN_MESSAGE = new RegExp(`（(${FIELD_PATH})）`);
const BARE_FIELD_IN_MESSAGE = new RegExp(`有误：(${FIELD_PATH})(?=[^\\x00-\\x7F（])`);

export const fieldErrorsOf = (message: string): Record<string, string> | undefined => {
  const field = (FIELD_IN_MESSAGE.exec(message) ?? BARE_FIELD_IN_MESSAGE.exec(message))?.[1];
  return field ? { [field]: message } : undefined;
};

/** react-admin's HttpError, with `body.errors` when the server named a field (its server-side validation). */
export const refusal = (message: string, status: number, body: Record<string, unknown> = {}) => {
  const errors = fieldErrorsOf(message);
  return new HttpError(message, status || 500, errors ? { ...body, errors } : { ...body, status });
};
