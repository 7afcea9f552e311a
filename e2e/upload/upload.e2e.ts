import { UPLOAD_LIMITS } from '@lianmeng/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, signIn } from '../harness/consoleApi';
import type { RunningSite } from '../harness/site';
import { useSite } from '../harness/suite';

// A 1×1 transparent PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const uploadOverHttp = async (site: RunningSite, session: string, content: Buffer, fileName: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const { 'content-type': _json, ...headers } = consoleHeaders(session);
  const response = await fetch(`${site.url}/lianmeng/img/upload`, { method: 'POST', headers, body: form });
  return { status: response.status, body: await response.json() };
};

describe('uploads over real HTTP', () => {
  const env = useSite();
  let editor: string;

  beforeAll(async () => {
    editor = await signIn(env.site, 'editor');
  });

  it('stores an image and serves it with its content type and a long cache', async () => {
    const { status, body } = await uploadOverHttp(env.site, editor, TINY_PNG, 'pixel.png');
    expect(status).toBe(200);
    const image = await fetch(`${env.site.url}${body.data.photoAddress}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('max-age=31536000');
  });

  it('answers a file over the size limit with 413 and a Chinese message, not a broken connection', async () => {
    const tooBig = Buffer.concat([TINY_PNG, Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1024 * 1024)]);
    const { status, body } = await uploadOverHttp(env.site, editor, tooBig, 'big.png');
    expect(status).toBe(413);
    expect(body).toEqual({ status: 413, message: expect.stringMatching(/不能超过 10 MB/) });
  });
});
