import type { FastifyRequest } from 'fastify';

/**
 * The site's public address for links printed into documents (a QR, an activation slip): PUBLIC_URL when set;
 * without it (development, tests) where the request came in.
 */
export const publicUrlOf = (configured: string | undefined, request: FastifyRequest) =>
  configured ?? `${request.protocol}://${request.host}`;
