import type { FastifyInstance } from 'fastify';

const SWEEP_EVERY_MS = 3600_000;

/**
 * Runs `sweep` once the server is ready and then every hour, until it closes. A failed sweep is logged and
 * tried again at the next hour; `what` names the removed things in the log.
 */
export const scheduleHourlySweep = (app: FastifyInstance, what: string, sweep: () => Promise<unknown[]>) => {
  const run = async () => {
    try {
      const removed = await sweep();
      if (removed.length > 0) app.log.info({ removed: removed.length }, `${what} removed`);
    } catch (error) {
      app.log.error({ err: error }, `${what}: sweep failed`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
