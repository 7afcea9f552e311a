import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

export type LoadSheddingOptions = Pick<ServerConfig, 'maxEventLoopDelayMs' | 'eventLoopSampleMs'>;

type PressureHandler = Required<FastifyUnderPressureOptions>['pressureHandler'];

/** Seconds a refused client is told to wait: long enough for a backlog to drain. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The delay the plugin measured, in whole milliseconds. The delay is a mean over the sample of the event loop's
 * timer ticks; a sample in which the loop never came round to a tick has no mean (the plugin reports it as
 * infinite): undefined then, the loop having been blocked for about the whole sample.
 */
const measuredDelayMs = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;

/** The refusal's message, naming the measured delay (or the sample it could not be measured in) and the limit. */
export const overloadMessage = (delayMs: number | undefined, options: LoadSheddingOptions) => {
  const limit = `超过上限 ${options.maxEventLoopDelayMs} 毫秒`;
  const measured = measuredDelayMs(delayMs);
  if (measured === undefined) {
    return `服务器繁忙，请稍后再试（事件循环在 ${options.eventLoopSampleMs} 毫秒的采样期内没有空闲，延迟${limit}）`;
  }
  return `服务器繁忙，请稍后再试（事件循环延迟 ${measured} 毫秒，${limit}）`;
};

/**
 * When the event loop lags, every request answered late makes the next one later: refusing at once with 503
 * lets the backlog drain and tells a load balancer to send traffic elsewhere. `/healthz` is refused with the
 * same envelope, so whoever watches it reads the reason in its message.
 */
export const registerLoadShedding = async (app: FastifyInstance, options: LoadSheddingOptions) => {
  if (options.maxEventLoopDelayMs <= 0) return;
  const refuse = (...[request, reply, type, value]: Parameters<PressureHandler>) => {
    const measured = measuredDelayMs(value);
    // null: no tick in the whole sample.
    request.log.warn({ type, value: measured ?? null }, 'request refused under load');
    reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).header('Cache-Control', 'no-store');
    return { status: 503, message: overloadMessage(measured, options) };
  };
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.eventLoopSampleMs,
    // The plugin sends whatever the handler returns, though its types admit only void; returning nothing
    // would let the refused request run on.
    pressureHandler: refuse as unknown as PressureHandler,
  });
};
