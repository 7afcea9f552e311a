// The baseline of bench/publicReads.ts: a bare Fastify server (no plugins, no hooks) that answers each
// measured call with the very bytes the real server sent for it, headers included (the security headers
// and validators are part of the answer, and their bytes cost both sides the same to write and to read).
// Its port goes to stdout.
import fs from 'node:fs';
import Fastify from 'fastify';

export interface BareAnswer {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  contentType: string;
  /** The answer's headers other than those Node writes itself (date, connection, length). */
  headers: Record<string, string>;
  /** Base64 of the answer's bytes. */
  bytes: string;
}

const answers = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as BareAnswer[];
const byRequest = new Map(
  answers.map((answer) => [
    `${answer.method} ${answer.url} ${answer.body ?? ''}`,
    { contentType: answer.contentType, headers: answer.headers, bytes: Buffer.from(answer.bytes, 'base64') },
  ]),
);

const app = Fastify({ logger: false });
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (request, reply) => {
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    const answer = byRequest.get(`${request.method} ${request.url} ${body}`);
    if (!answer) return reply.code(404).send({ status: 404 });
    return reply.headers(answer.headers).type(answer.contentType).send(answer.bytes);
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
