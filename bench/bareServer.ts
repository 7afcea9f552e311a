// The baseline of bench/publicReads.ts: a bare Fastify server (no plugins, no hooks) that answers each
// measured call with the very bytes the real server sent for it, headers included (the security headers,
// validators and content coding are part of the answer, and their bytes cost both sides the same to write
// and to read). It logs as a deployment of the real server does (Fastify's request log at `info`, one line
// as each request comes in and one as its answer goes out, to stdout): that is per-request work both sides
// do. Listens on the port given in argv[3].
import fs from 'node:fs';
import Fastify from 'fastify';

export interface BareAnswer {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** The answer's headers other than those Node writes itself (date, connection, length). */
  headers: Record<string, string>;
  /** Base64 of the answer's bytes, as they went over the wire (coded when the request accepted a coding). */
  bytes: string;
}

const answers = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as BareAnswer[];
const byRequest = new Map(
  answers.map((answer) => [
    `${answer.method} ${answer.url} ${answer.body ?? ''}`,
    { headers: answer.headers, bytes: Buffer.from(answer.bytes, 'base64') },
  ]),
);

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (request, reply) => {
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    const answer = byRequest.get(`${request.method} ${request.url} ${body}`);
    if (!answer) return reply.code(404).send({ status: 404 });
    return reply.headers(answer.headers).send(answer.bytes);
  },
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
