import pinoPretty from 'pino-pretty';
import type { ServerConfig } from '../config';

/**
 * JSON lines for whatever collects the logs (a pipe, a file, journald); readable, coloured lines for a person
 * at a terminal. LOG_FORMAT decides when set.
 */
export const chooseLogFormat = (
  configured: ServerConfig['logFormat'],
  stdout: { isTTY?: boolean },
): 'pretty' | 'json' => configured ?? (stdout.isTTY ? 'pretty' : 'json');

/**
 * The stream the server's logger writes to: undefined for pino's own JSON to stdout. The pretty printer runs in
 * this process, not as a pino transport in a worker: a transport is loaded by package name at run time, which
 * the bundled server cannot do, and a person at a terminal does not need the worker's throughput.
 */
export const logStreamFor = (format: 'pretty' | 'json', destination: NodeJS.WritableStream | number = 1) =>
  format === 'pretty'
    ? pinoPretty({
        colorize: destination === 1,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        singleLine: true,
        destination,
      })
    : undefined;
