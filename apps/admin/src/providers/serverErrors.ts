import { HttpError } from 'react-admin';

/** The server names the field a refusal is about as `标签（field）`: that field gets the message on the form. */
const FIELD_IN_MESSAGE = /（([A-Za-z][A-Za-z0-9_]*)）/;

export const fieldErrorsOf = (message: string): Record<string, string> | undefined => {
  const field = FIELD_IN_MESSAGE.exec(message)?.[1];
  return field ? { [field]: message } : undefined;
};

/** react-admin's HttpError, with `body.errors` when the server named a field (its server-side validation). */
export const refusal = (message: string, status: number, body: Record<string, unknown> = {}) => {
  const errors = fieldErrorsOf(message);
  return new HttpError(message, status || 500, errors ? { ...body, errors } : { ...body, status });
};
