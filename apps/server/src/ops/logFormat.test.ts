import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, logStreamFor } from './logFormat';

describe('the log format', () => {
  it('is readable lines at a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(chooseLogFormat(undefined, { isTTY: true })).toBe('pretty');
    expect(chooseLogFormat(undefined, { isTTY: false })).toBe('json');
    expect(chooseLogFormat(undefined, {})).toBe('json');
    expect(chooseLogFormat('json', { isTTY: true })).toBe('json');
    expect(chooseLogFormat('pretty', { isTTY: false })).toBe('pretty');
  });

  it('turns a JSON line into a readable one, and leaves JSON to pino', async () => {
    expect(logStreamFor('json')).toBeUndefined();
    let out = '';
    let done: () => void = () => undefined;
    const written = new Promise<void>((resolve) => {
      done = resolve;
    });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        out += chunk.toString();
        done();
        callback();
      },
    });
    const stream = logStreamFor('pretty', destination);
    if (!stream) throw new Error('no pretty stream');
    stream.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'h', msg: '门户已启动' })}\n`);
    await written;
    expect(out).toContain('INFO');
    expect(out).toContain('门户已启动');
    expect(out).not.toContain('"msg"');
  });
});
