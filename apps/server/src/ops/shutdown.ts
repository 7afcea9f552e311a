import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/**
 * Once closing has begun, a request that still arrives on a kept-alive connection is refused in the
 * envelope, in Chinese, with the connection closed, so the client retries on another process.
 */
export const registerClosingRefusal = (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply.code(503).header('Connection', 'close').header('Retry-After', 1).header('Cache-Control', 'no-store');
    reply.send({ status: 503, message: '服务器正在重启，请稍后重试' });
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
