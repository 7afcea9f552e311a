import fs from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_UPLOAD_LIMITS } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { asciiFallback, contentDisposition } from './documentDownload';
import { multipartDocument, ole2File, ooxmlFile, pdfFile, zipFile } from './documentTestFiles';
import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES } from './messages';
import { multipartFile, pngOf } from './uploadTestFiles';

let server: TestServer;
let editor: string;
let staff: string;

const UPLOAD = '/lianmeng/img/uploadDocument';
const uploadDir = () => path.join(server.dataDir, 'uploads');

const upload = (cookie: string | null, fileName: string, content: Buffer, options: { xsrf?: boolean } = {}) =>
  server.consoleInject(cookie, { method: 'POST', url: UPLOAD, ...multipartDocument(fileName, content), ...options });

/** What a refusal must leave untouched: the upload folder (temporary files included), the rows and the audit log. */
const snapshot = async () => ({
  files: (await fs.readdir(uploadDir()).catch(() => [])).sort(),
  documents: await server.db.kysely.selectFrom('documentUpload').selectAll().execute(),
  audit: await server.db.kysely.selectFrom('auditLog').select(['action', 'targetId']).execute(),
});

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
});
afterAll(() => server.close());

describe('POST /lianmeng/img/uploadDocument accepts a document', () => {
  it('stores a PDF under the hash of its content, keeps its Chinese name and audits it in the same write', async () => {
    const content = pdfFile('一');
    const response = await upload(editor, '2026年赛事通知.pdf', content);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      name: '2026年赛事通知.pdf',
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.pdf$/),
      size: content.length,
    });
    const file = path.basename(data.url);
    expect(await fs.readFile(path.join(uploadDir(), file))).toEqual(content);

    const row = await server.db.kysely
      .selectFrom('documentUpload')
      .selectAll()
      .where('file', '=', file)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      originalName: '2026年赛事通知.pdf',
      contentType: 'application/pdf',
      bytes: content.length,
    });
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'document')
      .where('targetId', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'upload', username: 'editor' });
    expect(JSON.parse(audit.detail)).toEqual({ file, name: '2026年赛事通知.pdf', bytes: content.length });
  });

  const kinds: [string, string, () => Buffer, string][] = [
    ['a DOC', '报名表.doc', () => ole2File(['WordDocument', 'SummaryInformation']), 'application/msword'],
    ['an XLS', '成绩.xls', () => ole2File(['Workbook']), 'application/vnd.ms-excel'],
    ['an XLS of Excel 5', 'old.XLS', () => ole2File(['Book']), 'application/vnd.ms-excel'],
    ['a PPT', '讲稿.ppt', () => ole2File(['PowerPoint Document']), 'application/vnd.ms-powerpoint'],
    [
      'a DOCX',
      '通知.docx',
      () => ooxmlFile('docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'an XLSX',
      '名单.xlsx',
      () => ooxmlFile('xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'a PPTX',
      '课件.pptx',
      () => ooxmlFile('pptx'),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['a ZIP', '资料包.zip', () => zipFile({ 'a.txt': 'a', '说明/b.txt': 'b' }), 'application/zip'],
    ['UTF-8 text', '说明.txt', () => Buffer.from('第一行\r\n\t第二行\n'), 'text/plain; charset=utf-8'],
    ['GB18030 text', '旧说明.txt', () => Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a]), 'text/plain; charset=gb18030'],
  ];

  it.each(kinds)('%s, served for download with its type', async (_kind, name, content, contentType) => {
    const bytes = content();
    const response = await upload(editor, name, bytes);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json().data as { url: string };
    const download = await server.app.inject({ url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(contentType);
    expect(download.rawPayload).toEqual(bytes);
  });
});

describe('GET /uploads/<document>', () => {
  it('answers an attachment under its original name, in ASCII and in UTF-8, never sniffed or rendered', async () => {
    const { url } = (await upload(editor, '2026年赛事通知.pdf', pdfFile('二'))).json().data as { url: string };
    const response = await server.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="2026_.pdf"; filename*=UTF-8''2026%E5%B9%B4%E8%B5%9B%E4%BA%8B%E9%80%9A%E7%9F%A5.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload).toEqual(pdfFile('二'));
  });

  it('offers the newest name when the same content is uploaded again', async () => {
    const content = pdfFile('三');
    await upload(editor, '初稿.pdf', content);
    const { url } = (await upload(editor, '定稿.pdf', content)).json().data as { url: string };
    const response = await server.app.inject({ url });
    expect(response.headers['content-disposition']).toContain(`UTF-8''${encodeURIComponent('定稿.pdf')}`);
  });

  it('answers 404 in Chinese for a document that is not there, and leaves images to the static files', async () => {
    const missing = await server.app.inject({ url: `/uploads/${'0'.repeat(32)}.pdf` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: '文件不存在或已被删除' });

    const image = await server.consoleInject(editor, {
      method: 'POST',
      url: '/lianmeng/img/upload',
      ...multipartFile('a.png', await pngOf(12, 12)),
    });
    const served = await server.app.inject({ url: image.json().data.photoAddress });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('writes names with quotes, apostrophes and brackets safely in both forms', () => {
    expect(contentDisposition(`a"b'c(1)*.txt`)).toBe(
      `attachment; filename="a_b_c(1)_.txt"; filename*=UTF-8''a%22b%27c%281%29%2A.txt`,
    );
    expect(asciiFallback('通知.pdf')).toBe('_.pdf');
    expect(asciiFallback('.pdf')).toBe('download.pdf');
  });
});

describe('POST /lianmeng/img/uploadDocument refuses, leaving nothing behind', () => {
  const megabytes = DOCUMENT_UPLOAD_LIMITS.maxBytes / 1024 / 1024;
  const refusals: [string, string, () => Buffer, number, string][] = [
    [
      'a program named .pdf',
      'setup.pdf',
      () => Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
      400,
      DOCUMENT_MESSAGES.unsupported,
    ],
    [
      'an image named .doc',
      'photo.doc',
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      400,
      DOCUMENT_MESSAGES.unsupported,
    ],
    ['a PDF named .doc', 'notice.doc', () => pdfFile(), 400, DOCUMENT_MESSAGES.extensionMismatch('pdf')],
    ['a PDF named .html', 'page.html', () => pdfFile(), 400, DOCUMENT_MESSAGES.extensionMismatch('pdf')],
    [
      'HTML named .html',
      'page.html',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      400,
      DOCUMENT_MESSAGES.extensionMismatch('txt'),
    ],
    [
      'a Word file named .xls',
      'a.xls',
      () => ole2File(['WordDocument']),
      400,
      DOCUMENT_MESSAGES.extensionMismatch('doc'),
    ],
    ['a compound file of no known program', 'a.doc', () => ole2File(['Something']), 400, DOCUMENT_MESSAGES.unsupported],
    [
      'a compound file whose directory is cut off',
      'a.doc',
      () => ole2File(['WordDocument']).subarray(0, 700),
      400,
      DOCUMENT_MESSAGES.unsupported,
    ],
    ['a DOCX named .zip', 'a.zip', () => ooxmlFile('docx'), 400, DOCUMENT_MESSAGES.extensionMismatch('docx')],
    ['a ZIP named .docx', 'a.docx', () => zipFile({ 'a.txt': 'a' }), 400, DOCUMENT_MESSAGES.extensionMismatch('zip')],
    [
      'a ZIP without its central directory',
      'a.zip',
      () => zipFile({ 'a.txt': 'a' }).subarray(0, 40),
      400,
      DOCUMENT_MESSAGES.unsupported,
    ],
    ['text with NUL bytes', 'a.txt', () => Buffer.from('abc\u0000def'), 400, DOCUMENT_MESSAGES.unsupported],
    ['text with control bytes', 'a.txt', () => Buffer.from('abc\u001bdef'), 400, DOCUMENT_MESSAGES.unsupported],
    [
      'bytes no encoding decodes',
      'a.txt',
      () => Buffer.from([0x61, 0xff, 0xff, 0xff]),
      400,
      DOCUMENT_MESSAGES.unsupported,
    ],
    [
      'a file without an extension',
      'README',
      () => Buffer.from('text'),
      400,
      DOCUMENT_MESSAGES.extensionMismatch('txt'),
    ],
    ['an empty file', 'empty.pdf', () => Buffer.alloc(0), 400, DOCUMENT_MESSAGES.empty],
    [
      'a name too long',
      `${'名'.repeat(DOCUMENT_UPLOAD_LIMITS.maxNameLength)}.pdf`,
      () => pdfFile(),
      400,
      DOCUMENT_MESSAGES.nameTooLong,
    ],
    [
      `a file over ${megabytes} MB`,
      'huge.pdf',
      () => Buffer.concat([pdfFile(), Buffer.alloc(DOCUMENT_UPLOAD_LIMITS.maxBytes)]),
      413,
      DOCUMENT_MESSAGES.tooLarge,
    ],
  ];

  it.each(refusals)('%s', async (_name, fileName, content, status, message) => {
    const before = await snapshot();
    const response = await upload(editor, fileName, content());
    expect(response.json()).toEqual({ status, message });
    expect(response.statusCode).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it('a form without the file field, and a body that is not multipart', async () => {
    const before = await snapshot();
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: UPLOAD,
      ...multipartDocument('a.pdf', pdfFile(), 'document'),
    });
    expect(response.json()).toEqual({ status: 400, message: DOCUMENT_MESSAGES.noFile });
    const notMultipart = await server.consoleInject(editor, { method: 'POST', url: UPLOAD, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('a body cut off in the middle of the file', async () => {
    const before = await snapshot();
    const { payload, headers } = multipartDocument('a.pdf', pdfFile());
    const response = await server.consoleInject(editor, {
      method: 'POST',
      url: UPLOAD,
      payload: payload.subarray(0, payload.length - 60),
      headers,
    });
    expect(response.json()).toEqual({ status: 400, message: UPLOAD_MESSAGES.malformed });
    expect(await snapshot()).toEqual(before);
  });

  it('anyone but an editor or administrator, and a call without the anti-forgery header', async () => {
    const before = await snapshot();
    const anonymous = await upload(null, 'a.pdf', pdfFile());
    expect(anonymous.json()).toEqual({ status: 401, message: '请先登录管理台' });
    const byStaff = await upload(staff, 'a.pdf', pdfFile());
    expect(byStaff.statusCode).toBe(403);
    const forged = await upload(editor, 'a.pdf', pdfFile(), { xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
