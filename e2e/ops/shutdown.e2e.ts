import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../harness/consoleApi';
import { type Answer, consoleWrite, imageTitles, type ServerProcess, startServer } from './serverProcess';

const INSERT = '/lianmeng/img/imageMsgInsert';
const image = (title: string) => ({
  belongSortid: 3,
  isOpen: 0,
  photoAddress: 'https://partner.example.org/logo.png',
  photoTitle: title,
});

/** How a request that was never taken in ends: the listener was closed, or its connection never got a request. */
const NOT_TAKEN_IN = /ECONNREFUSED|ECONNRESET|socket hang up/;

let dataDir: string;
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM during a stream of writes', () => {
  it('answers the requests in flight, loses no acknowledged write, closes the database and exits 0', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-ops-'));
    const site = await startServer(dataDir);
    servers.push(site);
    const session = await signIn(site, 'editor');

    const acknowledged: string[] = [];
    const refusals: Answer[] = [];
    const unexpected: string[] = [];
    const writer = async (name: string) => {
      for (let index = 0; ; index += 1) {
        const title = `停机期间写入 ${name}-${index}`;
        try {
          const answer = await consoleWrite(site.url, session, INSERT, image(title));
          if (answer.status === 200) acknowledged.push(title);
          else if (answer.status === 503 && answer.body.status === 503 && answer.body.message) refusals.push(answer);
          else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        } catch (error) {
          const message = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
          if (!NOT_TAKEN_IN.test(message)) unexpected.push(message);
          return;
        }
      }
    };
    const writers = ['a', 'b', 'c'].map(writer);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    // Three requests are in flight when the signal comes: the server holds their first half-bodies.
    let held = 0;
    const inFlight = [1, 2, 3].map((index) =>
      consoleWrite(site.url, session, INSERT, image(`停机时在途 ${index}`), {
        holdMs: 1500,
        onHeld: () => {
          held += 1;
        },
      }),
    );
    while (held < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    // "Held" is the client's side: the server must also have read the three heads, or their connections are
    // still idle to it and rightly closed. Half a second is enough for that on a loaded two-core machine.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = Date.now();
    site.child.kill('SIGTERM');

    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const exitCode = await site.exited;
    const shutdownMs = Date.now() - signalledAt;
    await Promise.all(writers);
    console.info(
      `shutdown: ${acknowledged.length} writes acknowledged, ${refusals.length} refused while closing, exit ${exitCode} after ${shutdownMs} ms`,
    );
    expect(unexpected).toEqual([]);
    expect(exitCode, site.output()).toBe(0);
    expect(site.output()).toContain('"msg":"closed"');

    const restarted = await startServer(dataDir);
    servers.push(restarted);
    const titles = await imageTitles(restarted, session, 3);
    expect(acknowledged.filter((title) => !titles.has(title))).toEqual([]);
    for (const index of [1, 2, 3]) expect(titles.has(`停机时在途 ${index}`)).toBe(true);
  });
});

describe('SIGTERM while a request is arriving', () => {
  it('serves the request whose head was partly sent, closes its connection, and exits 0', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-ops-arriving-'));
    try {
      const site = await startServer(folder);
      servers.push(site);
      const { port } = new URL(site.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      const ended = once(socket, 'close');
      // The request line is in; the rest of the head is still on its way when the signal comes.
      socket.write('GET /api/site/settings HTTP/1.1\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      site.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.write('Host: t\r\nAccept: application/json\r\n\r\n');
      await ended;

      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toMatch(/connection: close/i);
      expect(received).toContain('"status":200');
      expect(await site.exited, site.output()).toBe(0);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
