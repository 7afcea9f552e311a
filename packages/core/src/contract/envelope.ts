import { z } from 'zod';

/** HTTP statuses the API answers with; the body's `status` always equals the HTTP status. */
export const API_STATUSES = [200, 400, 401, 403, 404, 408, 409, 413, 414, 429, 431, 500, 503] as const;
export type ApiStatus = (typeof API_STATUSES)[number];

export interface Envelope<T = unknown> {
  status: number;
  message?: string;
  data?: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string().optional(), data: data.optional() });

export const failureEnvelopeSchema = z.object({
  status: z.number().int(),
  message: z.string(),
});

export const isSuccess = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && (body as Envelope).status === 200;
