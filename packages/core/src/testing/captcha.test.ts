import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captchaImageSource } from '../captcha';
import { solveCaptchaProof, solveInThisThread } from '../captchaProof';
import { api } from '../contract';
import { CAPTCHA_ID } from '../contract/captcha';
import { createHttpClient } from '../http/client';
import { captchaNumberOf, mockCaptcha } from './captcha';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createHttpClient({ hosts: { main: 'http://site.test' } });

describe('mockCaptcha', () => {
  it("hands out a proof of work the browser's solver solves, naming its challenge", async () => {
    server.use(mockCaptcha());
    const result = await client.call(api.captcha.create);
    const proof = result.ok ? result.data.proof : null;
    if (!proof) throw new Error('no proof');
    const payload = await solveInThisThread(proof);
    const decoded = JSON.parse(atob(payload ?? ''));
    expect(decoded.challenge).toEqual(proof);
    expect(decoded.solution.derivedKey).toMatch(/^0[0-9a-f]{63}$/);
    expect(await solveCaptchaProof(proof)).toBe(payload);
  });

  it('issues numbered challenges whose ids the calls they guard accept', async () => {
    server.use(mockCaptcha());
    const first = await client.call(api.captcha.create);
    const second = await client.call(api.captcha.create);
    expect(first).toMatchObject({ ok: true, data: { captchaId: 'challenge-number-1', required: true } });
    expect(second).toMatchObject({ ok: true, data: { captchaId: 'challenge-number-2', required: true } });
    for (const result of [first, second]) expect(result.ok && result.data.captchaId).toMatch(CAPTCHA_ID);
    expect(captchaNumberOf(captchaImageSource(second.ok ? second.data.image : ''))).toBe('2');
  });

  it('starts again at 1 with a fresh handler', async () => {
    server.use(mockCaptcha());
    await client.call(api.captcha.create);
    server.use(mockCaptcha());
    expect(await client.call(api.captcha.create)).toMatchObject({ data: { captchaId: 'challenge-number-1' } });
  });

  it('answers as a site with challenges switched off when not required', async () => {
    server.use(mockCaptcha({ required: false }));
    expect(await client.call(api.captcha.create)).toMatchObject({
      ok: true,
      data: { captchaId: '', image: '', proof: null, required: false },
    });
    expect(captchaNumberOf(null)).toBeUndefined();
  });
});
