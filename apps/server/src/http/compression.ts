import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this the headers and the coder's work cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The compressor's own quality for brotli: 11 would cost ten times as much for a few percent. */
export const BROTLI_QUALITY = 4;

/**
 * Brotli or gzip, as the client's `Accept-Encoding` prefers, for every compressible answer above the
 * threshold (API JSON, the sitemap, pages); a static file the build already compressed goes out as it is,
 * since it carries its `Content-Encoding` already, and images are not compressible types. The public reads
 * in the cache carry their codings with them (cache/publicReads.ts): the compressor passes over an answer
 * that has its `Content-Encoding` already. Registered before any route: the compressor attaches itself to
 * each route as it is added.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
};
