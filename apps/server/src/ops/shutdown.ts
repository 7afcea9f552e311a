import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** How many bytes the connection had read when its last answer went out (0: none yet). */
const READ_WHEN_IDLE = Symbol('bytes read when the connection was last idle');
/** Whether a request of the connection is being handled. */
const HANDLING = Symbol('a request is being handled');

type TrackedSocket = Socket & { [READ_WHEN_IDLE]?: number; [HANDLING]?: boolean };

/**
 * Once closing has begun, a request that arrives on a kept-alive connection is refused in the envelope, in
 * Chinese, with the connection closed, so the client retries on another process. A request whose head was
 * already arriving when closing began (its connection had read bytes since its last answer, and none of its
 * requests was being handled) is served instead, with `Connection: close`: the client sent it before the
 * server said anything, so refusing it would fail a request that was in flight as far as the client knows.
 */
export const registerClosingRefusal = (app: FastifyInstance) => {
  let closing = false;
  const open = new Set<TrackedSocket>();
  const arriving = new WeakSet<Socket>();
  app.server.on('connection', (socket: TrackedSocket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of open) {
      if (!socket[HANDLING] && socket.bytesRead > (socket[READ_WHEN_IDLE] ?? 0)) arriving.add(socket);
    }
  });
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as TrackedSocket | undefined;
    if (socket) socket[HANDLING] = true;
    if (!closing) {
      done();
      return;
    }
    if (socket && arriving.has(socket)) {
      arriving.delete(socket);
      reply.header('Connection', 'close');
      done();
      return;
    }
    reply.code(503).header('Connection', 'close').header('Retry-After', 1).header('Cache-Control', 'no-store');
    reply.send({ status: 503, message: '服务器正在重启，请稍后重试' });
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket as TrackedSocket | undefined;
    if (socket) {
      socket[HANDLING] = false;
      socket[READ_WHEN_IDLE] = socket.bytesRead;
    }
    done();
  });
};

/**
 * Stops accepting connections, lets the requests in flight finish (their writes commit and their answers go
 * out), then closes the database. A request still running after `graceMs` has its connection cut, so the
 * database is still closed cleanly rather than the process dying with it open.
 */
export const shutDownGracefully = async (app: FastifyInstance, db: Db, graceMs: number) => {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    await db.destroy();
  }
};
