import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewArticle } from '../../db/schema';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { multipartFile, pngOf } from '../uploads/uploadTestFiles';
import { insertArticle } from './articleRepository';

/** A column of its own, far from the demo content's typeIds. */
const COLUMN = 911;

let server: TestServer;
let editor: string;

const article = (title: string, coverImage: string, publishTime: string): NewArticle => ({
  typeId: COLUMN,
  title,
  summary: '',
  body: '<p>正文</p>',
  publishTime,
  source: '联盟秘书处',
  author: '编辑部',
  coverImage,
  attachments: '[]',
  published: 1,
  createTime: publishTime,
  updateTime: publishTime,
});

const uploadPng = async (width: number, height: number) => {
  const response = await server.consoleInject(editor, {
    method: 'POST',
    url: '/lianmeng/img/upload',
    ...multipartFile('cover.png', await pngOf(width, height)),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { photoAddress: string; smallPhotoAddress: string };
};

const sizeOf = async (address: string) => {
  const meta = await sharp(await fs.readFile(path.join(server.dataDir, 'uploads', path.basename(address)))).metadata();
  return { coverWidth: meta.width, coverHeight: meta.height };
};

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
});
afterAll(() => server.close());

describe('covers in the article list', () => {
  it("gives an uploaded cover's small image with the small image's real pixel size", async () => {
    // Wide, tall, odd-sized and already small: each fits the small box along a different side or not at all.
    const sizes: [number, number][] = [
      [1000, 405],
      [333, 999],
      [1279, 719],
      [120, 80],
    ];
    const expected = new Map<string, Record<string, unknown>>();
    for (const [index, [width, height]] of sizes.entries()) {
      const upload = await uploadPng(width, height);
      const title = `封面${width}x${height}`;
      await insertArticle(server.db.kysely, article(title, upload.photoAddress, `2026-0${index + 1}-01T00:00:00.000Z`));
      expected.set(title, {
        coverImage: upload.photoAddress,
        coverSmall: upload.smallPhotoAddress,
        ...(await sizeOf(upload.smallPhotoAddress)),
      });
    }

    const response = await server.app.inject({ url: `/api/content/articles?typeId=${COLUMN}&pageSize=10` });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.list as { title: string }[];
    expect(list).toHaveLength(sizes.length);
    for (const item of list) expect(item).toMatchObject(expected.get(item.title) ?? { missing: true });
  });

  it('leaves the small fields out for no cover and for a cover the upload table does not know', async () => {
    await insertArticle(server.db.kysely, article('无封面', '', '2025-01-01T00:00:00.000Z'));
    await insertArticle(server.db.kysely, article('外部封面', 'https://example.com/a.png', '2025-01-02T00:00:00.000Z'));
    await insertArticle(server.db.kysely, article('未登记封面', '/uploads/by-hand.png', '2025-01-03T00:00:00.000Z'));
    // Another page size than the first test's: public list answers are kept until the site changes.
    const response = await server.app.inject({ url: `/api/content/articles?typeId=${COLUMN}&pageSize=20` });
    const list = response.json().data.list as Record<string, unknown>[];
    const plain = list.filter((item) => ['无封面', '外部封面', '未登记封面'].includes(item.title as string));
    expect(plain).toHaveLength(3);
    for (const item of plain) {
      expect(Object.keys(item).sort()).toEqual(
        ['coverImage', 'id', 'publishTime', 'source', 'summary', 'title', 'typeId'].sort(),
      );
    }
  });
});
