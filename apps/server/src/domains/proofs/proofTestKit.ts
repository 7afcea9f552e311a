import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchPostgres, type ScratchDatabase, testsUsePostgres } from '../../testing/testDatabase';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { call, REVIEW, WORKBENCH } from '../credits/creditTestKit';

const run = promisify(execFile);

/** A scratch folder for one PDF and what the tools make of it. */
export const withPdf = async <T>(pdf: Buffer, work: (file: string, folder: string) => Promise<T>) => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-pdf-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await fs.writeFile(file, pdf);
    return await work(file, folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
};

/** poppler's text extraction of the whole document. */
export const pdfText = async (file: string) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;

/** poppler's signature check: its report, whatever the exit status (it is not zero for a broken signature). */
export const pdfSignatureReport = async (file: string) => {
  try {
    return (await run('pdfsig', [file])).stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
};

/** Page `page` rendered at 150 dpi, then every QR code on it decoded by zbarimg. */
export const qrCodesOnPage = async (file: string, folder: string, page = 1) => {
  const image = path.join(folder, 'page');
  await run('pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), '-png', '-singlefile', file, image]);
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', `${image}.png`]);
  return stdout.split('\n').filter(Boolean);
};

/** Records a credit at school A and has the operator post it; answers the posted record. */
export const postCredit = async (
  server: TestServer,
  tokens: { schoolA: string; operator: string },
  body: Record<string, unknown>,
): Promise<{ id: number; certificateNo: string }> => {
  const recorded = await call(server, tokens.schoolA, 'POST', `${WORKBENCH}/credits`, body);
  if (recorded.statusCode !== 200) throw new Error(`recording failed: ${recorded.body}`);
  const record = recorded.json().data;
  const approved = await call(server, tokens.operator, 'POST', `${REVIEW}/records/approve`, { ids: [record.id] });
  if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.body}`);
  return record;
};

/** Reverses a posted record at school A and has the operator post the reversal. */
export const reverseCredit = async (
  server: TestServer,
  tokens: { schoolA: string; operator: string },
  recordId: number,
) => {
  const reversal = await call(server, tokens.schoolA, 'POST', `${WORKBENCH}/credits/${recordId}/reversal`, {
    reason: '录入有误，予以冲正',
  });
  if (reversal.statusCode !== 200) throw new Error(`reversal failed: ${reversal.body}`);
  await call(server, tokens.operator, 'POST', `${REVIEW}/records/approve`, { ids: [reversal.json().data.id] });
};

/** How many lookups the per-address limit on checks counted for `subject` (an address). */
export const lookupsFrom = async (server: TestServer, subject: string) =>
  (
    await server.db.kysely
      .selectFrom('attemptEvent')
      .select('id')
      .where('rule', '=', 'verify:address')
      .where('subject', '=', subject)
      .execute()
  ).length;

/**
 * Two servers (two connection pools, as two processes have) on one database: a scratch PostgreSQL database when
 * the suite runs on PostgreSQL, else one SQLite file both open. `close` stops both and removes what was made.
 */
export const twoServersOnOneDatabase = async (overrides: Parameters<typeof createTestServer>[0] = {}) => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-two-servers-'));
  let scratch: ScratchDatabase | null = null;
  let databaseUrl: string;
  if (testsUsePostgres()) {
    scratch = await createScratchPostgres({ migrated: true });
    databaseUrl = scratch.url;
  } else {
    databaseUrl = `sqlite:${path.join(folder, 'shared.sqlite')}`;
  }
  const servers: [TestServer, TestServer] = [
    await createTestServer({ ...overrides, databaseUrl }),
    await createTestServer({ ...overrides, databaseUrl }),
  ];
  return {
    servers,
    async close() {
      for (const server of servers) await server.close();
      await scratch?.drop();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
};
