import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

// The package's main export draws a given text; its types only declare the helpers that pick their own.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export const IMAGE_WIDTH = 160;
export const IMAGE_HEIGHT = 60;
const CELL = 60;

/** A uniform number in [min, max) from the crypto generator, so no image tells anything of the next one. */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fixed = (value: number) => value.toFixed(1);
const colour = (low: number, high: number) =>
  `rgb(${randomInt(low, high)},${randomInt(low, high)},${randomInt(low, high)})`;

/** One character's outline alone, drawn by the font package in a square cell; the outline never leaves the server. */
const outlineOf = (char: string) => {
  const svg = drawText(char, {
    width: CELL,
    height: CELL,
    fontSize: Math.round(between(40, 48)),
    noise: 0,
    color: false,
  });
  const outline = /<path fill="[^"]*" d="([^"]*)"/.exec(svg)?.[1];
  if (!outline) throw new Error('the font package drew no outline');
  return outline;
};

/**
 * The challenge as a raster picture (WebP): each character at its own jittered place, size, rotation and
 * slant, the whole warped by a random turbulence field, crossed by curves and sprinkled with dots. Only
 * pixels reach the browser, so reading it takes optical recognition of distorted glyphs, not a look-up of
 * the font's path data.
 */
export const drawChallengeImage = async (answer: string): Promise<Buffer> => {
  const spacing = IMAGE_WIDTH / (answer.length + 1);
  const ink = colour(20, 70);
  const glyphs = [...answer]
    .map((char, index) => {
      const x = spacing * (index + 1) - CELL / 2 + between(-6, 6);
      const y = between(-5, 5);
      const transform = `translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(between(-28, 28))} 30 30) skewX(${fixed(between(-14, 14))})`;
      return `<g transform="${transform}"><path fill="${ink}" stroke="${ink}" stroke-width="1.6" d="${outlineOf(char)}"/></g>`;
    })
    .join('');
  const curves = Array.from({ length: 3 }, () => {
    const point = (low: number, high: number) => `${fixed(between(low, high))} ${fixed(between(0, IMAGE_HEIGHT))}`;
    return `<path d="M${point(0, 20)} C${point(40, 80)},${point(80, 120)},${point(140, IMAGE_WIDTH)}" stroke="${colour(60, 170)}" stroke-width="${fixed(between(0.8, 1.6))}" fill="none"/>`;
  }).join('');
  const dots = Array.from(
    { length: 120 },
    () =>
      `<circle cx="${fixed(between(0, IMAGE_WIDTH))}" cy="${fixed(between(0, IMAGE_HEIGHT))}" r="${fixed(between(0.5, 1.6))}" fill="${colour(80, 210)}"/>`,
  ).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">` +
    '<defs><filter id="warp" x="0" y="0" width="100%" height="100%">' +
    `<feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${randomInt(1, 100_000)}" result="field"/>` +
    '<feDisplacementMap in="SourceGraphic" in2="field" scale="6" xChannelSelector="R" yChannelSelector="G"/>' +
    '</filter></defs>' +
    `<rect width="100%" height="100%" fill="${colour(232, 250)}"/>` +
    `<g filter="url(#warp)">${glyphs}${curves}${dots}</g></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
};
