import { describe, expect, it } from 'vitest';
import { detectImageKind } from './imageSignature';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

describe('detectImageKind', () => {
  it('reads PNG, JPEG, WebP and GIF from their first bytes', () => {
    expect(detectImageKind(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'rest'))).toBe('png');
    expect(detectImageKind(bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'))).toBe('jpeg');
    expect(detectImageKind(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(detectImageKind(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(detectImageKind(bytes('GIF87a', 1, 0))).toBe('gif');
  });

  it('refuses text, SVG, other RIFF files and cut-off signatures', () => {
    expect(detectImageKind(Buffer.from('这不是图片'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectImageKind(bytes(0x89, 'PNG'))).toBeNull();
    expect(detectImageKind(bytes('GIF88a'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});
