import { CAPTCHA_RULES } from '@lianmeng/core';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';

// The package's main export draws a given text; its types only declare the helpers that pick their own.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** The challenge as the site drew it before the raster picture: one SVG document from the font package. */
const OLD_FORMAT = { width: 120, height: 44, fontSize: 46, noise: 2 };
const drawOldChallenge = (answer: string) => drawText(answer, OLD_FORMAT);

const numbersOf = (outline: string) => (outline.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
/** Where a glyph stands: the mean of its x coordinates (every other number of its outline). */
const meanX = (numbers: number[]) => {
  const xs = numbers.filter((_, index) => index % 2 === 0);
  return xs.reduce((sum, value) => sum + value, 0) / Math.max(1, xs.length);
};
const filledPaths = (svg: string) =>
  [...svg.matchAll(/<path fill="([^"]+)" d="([^"]+)"\/>/g)].flatMap(([, fill, d]) => (fill !== 'none' && d ? [d] : []));

/**
 * The short script the old challenge fell to: each character was one filled path of one fixed font at a
 * fixed place (slot i of n at the same x and y every time, only ±0.1 of jitter on each point), so drawing
 * every character of the alphabet at every slot once gives a table to look each path up in.
 */
const solveOldFormat = (svg: string): string | null => {
  const templates = [...CAPTCHA_RULES.alphabet].flatMap((char) =>
    filledPaths(drawText(char.repeat(CAPTCHA_RULES.length), { ...OLD_FORMAT, noise: 0 })).map((outline) => {
      const numbers = numbersOf(outline);
      return { char, numbers };
    }),
  );
  const found = filledPaths(svg).map((outline) => {
    const numbers = numbersOf(outline);
    const match = templates.find(
      (template) =>
        template.numbers.length === numbers.length &&
        template.numbers.every((value, index) => Math.abs(value - (numbers[index] ?? Number.NaN)) < 0.5),
    );
    return match ? { char: match.char, slot: meanX(numbers) } : null;
  });
  if (found.length !== CAPTCHA_RULES.length || found.some((entry) => entry === null)) return null;
  return found
    .flatMap((entry) => (entry ? [entry] : []))
    .sort((left, right) => left.slot - right.slot)
    .map((entry) => entry.char)
    .join('');
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ captcha: true, smsCodeKey: 'a-shared-sms-code-key-of-at-least-32-characters' });
});
afterAll(() => server.close());

describe('a script that read the old SVG challenge', () => {
  it('reads every old challenge right', () => {
    for (let index = 0; index < 30; index++) {
      const answer = Array.from(
        { length: CAPTCHA_RULES.length },
        (_, position) => CAPTCHA_RULES.alphabet[(index * 7 + position * 5) % CAPTCHA_RULES.alphabet.length],
      ).join('');
      expect(solveOldFormat(drawOldChallenge(answer))).toBe(answer);
    }
  });

  it('reads nothing of the new one: a raster picture with no path, no text and no SVG in it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: '10.7.0.1' });
    const { image } = response.json().data as { image: string };
    expect(solveOldFormat(response.body)).toBeNull();
    expect(response.body).not.toContain('<path');
    expect(response.body).not.toContain('<svg');
    const picture = Buffer.from(image.replace(/^data:image\/webp;base64,/, ''), 'base64');
    expect(solveOldFormat(picture.toString('latin1'))).toBeNull();
    const { format, width, height } = await sharp(picture).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 160, height: 60 });
  });

  it('draws the same answer differently each time (places, rotations, warp and noise are drawn anew)', async () => {
    const { drawChallengeImage } = await import('./rasterImage');
    const [first, second] = await Promise.all([drawChallengeImage('K7MW'), drawChallengeImage('K7MW')]);
    const pixels = async (picture: Buffer) => sharp(picture).greyscale().raw().toBuffer();
    const [left, right] = await Promise.all([pixels(first), pixels(second)]);
    let differing = 0;
    for (let index = 0; index < left.length; index++)
      if (Math.abs((left[index] ?? 0) - (right[index] ?? 0)) > 40) differing++;
    expect(differing / left.length).toBeGreaterThan(0.05);
  });
});
