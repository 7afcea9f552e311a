import net from 'node:net';
import { api, type CallDefinition } from '@lianmeng/core';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer';
import { MAX_JSON_DEPTH } from './inputLimits';

/**
 * Bad input of every kind, on every call of the contract, anonymously and as an editor: whatever arrives,
 * the answer is a refusal (or a success) in the `{status, message}` envelope with the HTTP status equal to
 * `status`, a Chinese message, and never a server error.
 */

const CALLS = new Map<string, CallDefinition>(
  Object.entries(api).flatMap(([area, calls]) =>
    Object.entries(calls).map(([name, call]) => [`${area}.${name}`, call as CallDefinition] as const),
  ),
);
const FIELD_NAMES = [
  'id',
  'belongSortid',
  'isOpen',
  'photoAddress',
  'smallPhotoAddress',
  'photoTitle',
  'urlAddress',
  'pageNum',
  'pageSize',
  'typeId',
  'keyword',
  'cardNo',
  'phone',
  'code',
  'password',
  'newPassword',
  'oldPassword',
  'aesKey',
  'data',
  'timestamp',
  'username',
  'sort',
  'range',
  'filter',
  'title',
  'body',
  'role',
  'from',
  'to',
  'category',
];
const CHINESE = /[\u4e00-\u9fff]/;
const SEED = Number(process.env.FC_SEED ?? 20261122);

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '%zz',
    '%',
    '%c0%af',
    '..%2f..%2fetc',
    'null',
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    '\u0000',
    '<script>',
    "' or 1=1 --",
    'x'.repeat(3000),
    '{"a":',
    '[]',
    'true',
  ),
);
const deepJson = fc
  .integer({ min: MAX_JSON_DEPTH - 2, max: 20_000 })
  .chain((depth) =>
    fc.constantFrom('[', '{"a":').map((open) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`),
  );
const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileText);
const fieldsObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), fieldValue, {
  maxKeys: 6,
});

type Body = { contentType?: string; payload?: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fieldsObject.map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  fc.jsonValue().map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  deepJson.map((payload) => ({ contentType: 'application/json', payload })),
  hostileText.map((payload) => ({ contentType: 'application/json', payload })),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileText, { maxKeys: 6 }).map((value) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(value).toString(),
  })),
  fc.constantFrom<Body>(
    { contentType: 'multipart/form-data', payload: 'no boundary at all' },
    {
      contentType: 'multipart/form-data; boundary=xyz',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    },
    { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nbroken header\r\n\r\n--xyz--' },
    { contentType: 'text/plain', payload: 'hello' },
    { contentType: 'application/xml', payload: '<a/>' },
    { contentType: 'application/json', payload: '' },
  ),
);

const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 6 })), hostileText), {
  maxLength: 5,
});

/** A path with each `:param` replaced by raw text (so broken percent-encodings reach the router as sent). */
const pathWith = (path: string, values: string[]) => {
  let index = 0;
  return path.replace(/:([A-Za-z]+)/g, () => {
    const value = values[index++] ?? '';
    return /%/.test(value) ? value : encodeURIComponent(value);
  });
};
const queryString = (pairs: [string, string][]) =>
  pairs.length === 0
    ? ''
    : `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${/^%/.test(value) ? value : encodeURIComponent(value)}`).join('&')}`;

const expectEnvelope = (label: string, statusCode: number, text: string) => {
  expect(statusCode, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  let parsed: { status?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error(`${label}: answered ${statusCode} outside the JSON envelope: ${text.slice(0, 200)}`);
  }
  expect(parsed.status, label).toBe(statusCode);
  if (statusCode !== 200) expect(String(parsed.message), label).toMatch(CHINESE);
};

describe('no input yields a server error or a refusal outside the envelope', () => {
  let server: TestServer;
  let editorCookie: string;

  beforeAll(async () => {
    server = await createTestServer();
    editorCookie = await server.signIn('editor');
  });
  afterAll(() => server.close());

  it('holds for generated bad input on every call, anonymously and as an editor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS.keys()),
        fc.boolean(),
        fc.boolean(),
        fc.array(hostileText, { minLength: 2, maxLength: 2 }),
        query,
        body,
        async (name, asEditor, withXsrf, params, pairs, sent) => {
          const call = CALLS.get(name) as CallDefinition;
          const url = pathWith(call.path, params) + queryString(pairs);
          const request: InjectOptions & { xsrf?: boolean } = {
            method: call.method,
            url,
            ...(sent.payload === undefined ? {} : { payload: sent.payload }),
            headers: sent.contentType ? { 'content-type': sent.contentType } : {},
            xsrf: withXsrf,
          };
          const response = asEditor
            ? await server.consoleInject(editorCookie, request)
            : await server.app.inject({ ...request, xsrf: undefined } as InjectOptions);
          expectEnvelope(`${name} ${call.method} ${url.slice(0, 120)}`, response.statusCode, response.body);
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('refuses a deeply nested body in about the time a flat body of the same size takes', async () => {
    const depth = 10_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const flat = JSON.stringify({ photoTitle: 'x'.repeat(deep.length - 20) });
    const timed = async (payload: string) => {
      const times: number[] = [];
      let last = await server.app.inject({
        method: 'POST',
        url: api.img.search.path,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      for (let run = 0; run < 15; run++) {
        const started = performance.now();
        last = await server.app.inject({
          method: 'POST',
          url: api.img.search.path,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        times.push(performance.now() - started);
      }
      return { response: last, median: times.sort((a, b) => a - b)[7] ?? 0 };
    };
    const deepRun = await timed(deep);
    const flatRun = await timed(flat);
    expect(deepRun.response.statusCode).toBe(400);
    expect(deepRun.response.json().message).toContain('嵌套过深');
    expect(flatRun.response.statusCode).toBe(400);
    // Measured against the flat body in the same run, never against a fixed time.
    expect(deepRun.median).toBeLessThan(flatRun.median * 10 + 1);
  });

  it('answers broken percent-encoding and over-long path parameters in the envelope', async () => {
    const badEncoding = await server.app.inject({ method: 'GET', url: '/api/content/articles/%zz' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ status: 400, message: expect.stringMatching(CHINESE) });
    const longParam = await server.app.inject({ method: 'GET', url: `/api/content/articles/${'1'.repeat(500)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({ status: 414, message: expect.stringMatching(CHINESE) });
  });

  it('refuses malformed multipart uploads with 400', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
    ] as const) {
      // The generated run above may have signed the editor out (it calls the sign-out too).
      const response = await server.consoleInject(await server.signIn('editor'), {
        method: 'POST',
        url: api.img.upload.path,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toMatch(CHINESE);
    }
  });
});

describe("requests Node's own parser refuses", () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => server.close());

  const rawRequest = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.setTimeout(5000, () => socket.destroy());
    });
  const split = (answer: string) => {
    const [head = '', text = ''] = answer.split('\r\n\r\n');
    return { statusCode: Number(head.split(' ')[1]), text };
  };

  it('answers an over-long request line with 431 in the envelope', async () => {
    const { statusCode, text } = split(
      await rawRequest(`GET /index?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(statusCode).toBe(431);
    expect(JSON.parse(text)).toEqual({ status: 431, message: expect.stringMatching(CHINESE) });
  });

  it('answers raw bytes in the request line with 400 in the envelope', async () => {
    const { statusCode, text } = split(await rawRequest('GET /\u0001\u0002 HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(statusCode).toBe(400);
    expect(JSON.parse(text)).toEqual({ status: 400, message: expect.stringMatching(CHINESE) });
  });
});
