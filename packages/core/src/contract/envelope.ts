/** HTTP statuses the API answers with; the body's `status` always equals the HTTP status. */
export const API_STATUSES = [200, 400, 401, 403, 404, 409, 413, 429, 500] as const;
export type ApiStatus = (typeof API_STATUSES)[number];

export interface Envelope<T = unknown> {
  status: number;
  message?: string;
  data?: T;
}
