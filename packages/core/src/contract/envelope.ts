/** HTTP statuses the API answers with; the body's `status` always equals the HTTP status. */
export const API_STATUSES = [200, 400, 401, 403, 404, 408, 409, 413, 414, 429, 431, 500, 503] as const;
export type ApiStatus = (typeof API_STATUSES)[number];

export interface Envelope<T = unknown> {
  status: number;
  message?: string;
  data?: T;
}
