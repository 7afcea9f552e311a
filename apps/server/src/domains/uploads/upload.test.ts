import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@lianmeng/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { UPLOAD_MESSAGES } from './messages';
import { multipartFile, pngHeaderClaiming, pngOf, sidewaysJpegWithExif } from './uploadTestFiles';

let server: TestServer;
let editor: string;
let admin: string;
let staff: string;

const UPLOAD = '/lianmeng/img/upload';
const uploadDir = () => path.join(server.dataDir, 'uploads');

const upload = (cookie: string | null, fileName: string, content: Buffer, options: { xsrf?: boolean } = {}) =>
  server.consoleInject(cookie, { method: 'POST', url: UPLOAD, ...multipartFile(fileName, content), ...options });

/** What a refusal must leave untouched: the upload folder, the upload table and the audit log. */
const snapshot = async () => ({
  files: (await fs.readdir(uploadDir())).sort(),
  uploads: await server.db.kysely.selectFrom('upload').selectAll().execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).execute(),
});

const fetchUpload = (address: string) => server.app.inject({ url: address });

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
  admin = await server.signIn('admin');
  staff = await server.signIn('staff');
});
afterAll(() => server.close());

describe('POST /lianmeng/img/upload accepts an image', () => {
  it('re-encodes a PNG, makes the small image and records the upload with its audit entry', async () => {
    const response = await upload(editor, 'logo.png', await pngOf(1000, 405));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      photoAddress: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
      smallPhotoAddress: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-small\.png$/),
      width: 1000,
      height: 405,
    });

    const small = await sharp(
      await fs.readFile(path.join(uploadDir(), path.basename(data.smallPhotoAddress))),
    ).metadata();
    expect([small.width, small.height]).toEqual([UPLOAD_LIMITS.small.widthPx, 162]);
    expect(small.hasAlpha).toBe(true);

    const row = await server.db.kysely.selectFrom('upload').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ photoFile: path.basename(data.photoAddress), width: 1000, height: 405 });
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'upload')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: 'editor', targetType: 'upload', targetId: String(row.id) });
  });

  it('never enlarges a small image: a partner logo of 190×50 stays that size', async () => {
    const { data } = (await upload(admin, 'partner.png', await pngOf(190, 50))).json();
    const small = await sharp(
      await fs.readFile(path.join(uploadDir(), path.basename(data.smallPhotoAddress))),
    ).metadata();
    expect([small.width, small.height]).toEqual([190, 50]);
  });

  it('applies the EXIF orientation and strips every metadata block', async () => {
    const original = await sidewaysJpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(editor, 'photo.jpg', original);
    const { data } = response.json();
    expect(data.photoAddress).toMatch(/\.jpg$/);
    expect([data.width, data.height]).toEqual([100, 300]);
    const stored = await fs.readFile(path.join(uploadDir(), path.basename(data.photoAddress)));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('secret-owner')).toBe(false);
  });

  it('keeps WebP as WebP and turns a GIF into a PNG', async () => {
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f7b6c' } })
      .webp()
      .toBuffer();
    expect((await upload(editor, 'a.webp', webp)).json().data.photoAddress).toMatch(/\.webp$/);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#e37b00' } })
      .gif()
      .toBuffer();
    expect((await upload(editor, 'a.gif', gif)).json().data.photoAddress).toMatch(/\.png$/);
  });

  it('names files by content: the same image uploaded twice gives the same addresses', async () => {
    const image = await pngOf(64, 64);
    const first = (await upload(editor, 'one.png', image)).json().data;
    const second = (await upload(editor, 'two.png', image)).json().data;
    expect(second.photoAddress).toBe(first.photoAddress);
  });

  it('serves the files with their content type and a year of caching', async () => {
    const png = (await upload(editor, 'x.png', await pngOf(20, 20))).json().data;
    const jpg = (await upload(editor, 'x.jpg', await sidewaysJpegWithExif())).json().data;
    const webp = (
      await upload(
        editor,
        'x.webp',
        await sharp({ create: { width: 9, height: 9, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      )
    ).json().data;
    for (const [address, type] of [
      [png.photoAddress, 'image/png'],
      [png.smallPhotoAddress, 'image/png'],
      [jpg.photoAddress, 'image/jpeg'],
      [webp.photoAddress, 'image/webp'],
    ]) {
      const response = await fetchUpload(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('POST /lianmeng/img/upload refuses, in Chinese, and leaves nothing behind', () => {
  const truncatedPng = async () => {
    const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .composite([{ input: await pngOf(100, 100), left: 10, top: 10 }])
      .png({ compressionLevel: 0 })
      .toBuffer();
    return whole.subarray(0, Math.floor(whole.length / 2));
  };

  const refusals: [string, string, () => Promise<Buffer> | Buffer, number, string][] = [
    [
      'a text file named .png',
      'note.png',
      () => Buffer.from('这是一段文字，不是图片。\n'),
      400,
      UPLOAD_MESSAGES.unsupported,
    ],
    [
      'an SVG',
      'logo.svg',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      400,
      UPLOAD_MESSAGES.unsupported,
    ],
    [
      'a 20 MB file',
      'huge.png',
      async () => Buffer.concat([await pngOf(10, 10), Buffer.alloc(20 * 1024 * 1024)]),
      413,
      UPLOAD_MESSAGES.tooLarge,
    ],
    ['a 20000×20000 PNG', 'bomb.png', () => pngHeaderClaiming(20_000, 20_000), 413, UPLOAD_MESSAGES.tooManyPixels],
    ['a truncated PNG', 'cut.png', truncatedPng, 400, UPLOAD_MESSAGES.damaged],
    ['an empty file', 'empty.png', () => Buffer.alloc(0), 400, UPLOAD_MESSAGES.empty],
  ];

  it.each(refusals)('%s', async (_name, fileName, content, status, message) => {
    const before = await snapshot();
    const response = await upload(editor, fileName, await content());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status, message });
    expect(await snapshot()).toEqual(before);
  });

  it('a form without the file field', async () => {
    const before = await snapshot();
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: UPLOAD,
      ...multipartFile('a.png', await pngOf(10, 10), 'picture'),
    });
    expect(response.json()).toEqual({ status: 400, message: UPLOAD_MESSAGES.noFile });
    const notMultipart = await server.consoleInject(editor, { method: 'POST', url: UPLOAD, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toMatch(/multipart/);
    expect(await snapshot()).toEqual(before);
  });

  it('anyone but an editor or administrator, and a call without the anti-forgery header', async () => {
    const before = await snapshot();
    const image = await pngOf(30, 30);
    const anonymous = await upload(null, 'a.png', image);
    expect(anonymous.json()).toEqual({ status: 401, message: '请先登录管理台' });
    const byStaff = await upload(staff, 'a.png', image);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toMatch(/权限/);
    const forged = await upload(editor, 'a.png', image, { xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/安全校验未通过/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('external images', () => {
  it('are allowed by the content-security policy, over https and http', async () => {
    const response = await server.app.inject({ url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    const imgSrc = policy.split(';').find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toEqual(expect.arrayContaining(['img-src', "'self'", 'https:', 'http:']));
  });

  it('may still be given as photoAddress', async () => {
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: { belongSortid: 3, photoAddress: 'http://partner.example.org/logo.png', photoTitle: '外部图片' },
    });
    expect(response.json()).toMatchObject({
      status: 200,
      data: { photoAddress: 'http://partner.example.org/logo.png' },
    });
  });
});
