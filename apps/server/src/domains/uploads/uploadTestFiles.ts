import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body with one file part, for `inject`. */
export const multipartFile = (fileName: string, content: Buffer, field = 'file') => {
  const boundary = `----lianmeng${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 11, g: 78, b: 162, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A JPEG stored sideways with EXIF orientation 6 (turn 90° clockwise to show) and a copyright note. */
export const sidewaysJpegWithExif = () =>
  sharp({ create: { width: 300, height: 100, channels: 3, background: '#c8102e' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A few dozen bytes whose PNG header claims `width`×`height` pixels: a decompression bomb's calling card. */
export const pngHeaderClaiming = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
