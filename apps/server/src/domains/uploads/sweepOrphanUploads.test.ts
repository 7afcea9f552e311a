import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../app';
import { buildArticle } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { multipartDocument, pdfFile } from './documentTestFiles';
import { ORPHAN_MAX_AGE_MS, sweepOrphanUploads } from './sweepOrphanUploads';
import { multipartFile, pngOf } from './uploadTestFiles';

let server: TestServer;
let editor: string;
let size = 10;

const uploadDir = () => path.join(server.dataDir, 'uploads');
const exists = (name: string) =>
  fs.access(path.join(uploadDir(), name)).then(
    () => true,
    () => false,
  );

/** Uploads a fresh image (a new size each time, so a new name) and returns its two file names. */
const uploadImage = async () => {
  size += 1;
  const response = await server.consoleInject(editor, {
    method: 'POST',
    url: '/lianmeng/img/upload',
    ...multipartFile('a.png', await pngOf(size, size)),
  });
  const { photoAddress, smallPhotoAddress } = response.json().data as {
    photoAddress: string;
    smallPhotoAddress: string;
  };
  return { photoAddress, photo: path.basename(photoAddress), small: path.basename(smallPhotoAddress) };
};

const age = async (names: string[], ms = ORPHAN_MAX_AGE_MS + 3600_000) => {
  const then = new Date(Date.now() - ms);
  for (const name of names) await fs.utimes(path.join(uploadDir(), name), then, then);
};

const sweep = () => sweepOrphanUploads({ db: server.db.kysely, uploadDir: uploadDir(), now: new Date() });

const uploadRows = (photoFile: string) =>
  server.db.kysely.selectFrom('upload').select('id').where('photoFile', '=', photoFile).execute();

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
});
afterAll(() => server.close());

describe('sweepOrphanUploads', () => {
  it('removes an upload older than the limit that nothing refers to, with its row', async () => {
    const orphan = await uploadImage();
    await age([orphan.photo, orphan.small]);
    expect(await uploadRows(orphan.photo)).toHaveLength(1);

    expect((await sweep()).sort()).toEqual([orphan.photo, orphan.small].sort());
    expect(await exists(orphan.photo)).toBe(false);
    expect(await exists(orphan.small)).toBe(false);
    expect(await uploadRows(orphan.photo)).toEqual([]);
  });

  it('keeps a young upload that nothing refers to yet', async () => {
    const fresh = await uploadImage();
    await age([fresh.photo, fresh.small], ORPHAN_MAX_AGE_MS - 3600_000);
    expect(await sweep()).toEqual([]);
    expect(await exists(fresh.photo)).toBe(true);
  });

  it('keeps both files of an upload an image message uses, even when it uses only the large one', async () => {
    const used = await uploadImage();
    const insert = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/imageMsgInsert',
      payload: { belongSortid: 3, photoAddress: used.photoAddress, photoTitle: '使用中的图片' },
    });
    expect(insert.statusCode).toBe(200);
    await age([used.photo, used.small]);
    expect(await sweep()).toEqual([]);
    expect(await exists(used.small)).toBe(true);
  });

  it('keeps uploads an article uses as its cover or in its body', async () => {
    const cover = await uploadImage();
    const inBody = await uploadImage();
    await buildArticle(server.db, { typeId: 1, title: '封面', coverImage: cover.photoAddress });
    await buildArticle(server.db, {
      typeId: 1,
      title: '正文',
      body: `<p>图：</p><img src="${inBody.photoAddress.replace('.png', '-small.png')}" alt="">`,
    });
    await age([cover.photo, cover.small, inBody.photo, inBody.small]);
    expect(await sweep()).toEqual([]);
  });

  it('keeps an upload a site setting names', async () => {
    const logo = await uploadImage();
    await server.db.kysely
      .insertInto('siteSetting')
      .values({ key: 'test.logo', value: logo.photoAddress, updateTime: new Date().toISOString() })
      .execute();
    await age([logo.photo, logo.small]);
    expect(await sweep()).toEqual([]);
  });

  it('keeps a document an article lists as an attachment and removes an old one nothing lists, with its row', async () => {
    const uploadDocument = async (name: string, text: string) => {
      const response = await server.consoleInject(editor, {
        method: 'POST',
        url: '/lianmeng/img/uploadDocument',
        ...multipartDocument(name, pdfFile(text)),
      });
      return response.json().data as { name: string; url: string; size: number };
    };
    const attached = await uploadDocument('附件.pdf', 'attached');
    const orphan = await uploadDocument('孤儿.pdf', 'orphan');
    await buildArticle(server.db, { typeId: 23, title: '有附件的文章', attachments: JSON.stringify([attached]) });
    await age([path.basename(attached.url), path.basename(orphan.url)]);
    const documentRows = () => server.db.kysely.selectFrom('documentUpload').select('file').execute();
    expect(await documentRows()).toHaveLength(2);

    expect(await sweep()).toEqual([path.basename(orphan.url)]);
    expect(await exists(path.basename(attached.url))).toBe(true);
    expect(await documentRows()).toEqual([{ file: path.basename(attached.url) }]);
  });

  it('removes a stale temporary file left by an interrupted write', async () => {
    await fs.writeFile(path.join(uploadDir(), '.abc.png.123.tmp'), 'partial');
    await age(['.abc.png.123.tmp']);
    expect(await sweep()).toEqual(['.abc.png.123.tmp']);
  });
});

describe('the server sweeps', () => {
  afterEach(() => vi.useRealTimers());

  const waitUntilGone = async (name: string) => {
    for (let tries = 0; tries < 100 && (await exists(name)); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return !(await exists(name));
  };

  it('at start-up and then every hour', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const first = await uploadImage();
    await age([first.photo, first.small]);
    const app = await createServer(server.config, { db: server.db });
    try {
      await app.ready();
      expect(await waitUntilGone(first.photo)).toBe(true);

      const second = await uploadImage();
      await age([second.photo, second.small]);
      await vi.advanceTimersByTimeAsync(30 * 60_000);
      expect(await exists(second.photo)).toBe(true);
      await vi.advanceTimersByTimeAsync(30 * 60_000);
      expect(await waitUntilGone(second.photo)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
