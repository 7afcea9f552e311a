import { api, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import { createTestServer, TEST_XSRF, type TestServer } from '../../testing/testServer';
import { csvFile, multipartForm, validRows } from '../institutions/rosterTestFiles';
import { pdfText, qrCodesOnPage, withPdf } from './proofTestKit';

const BASE = '/api/creditBank/institution';
const PUBLIC_URL = 'https://www.example.org';

let server: TestServer;
let token: string;
let otherToken: string;
let batchId: number;

beforeAll(async () => {
  server = await createTestServer({ publicUrl: PUBLIC_URL });
  const school = await buildInstitution(server.db, { name: '丙学校' });
  const other = await buildInstitution(server.db, { name: '丁学校' });
  await buildInstitutionAccount(server.db, { cardNo: '90000031', phone: '13600000031', institutionId: school.id });
  await buildInstitutionAccount(server.db, { cardNo: '90000032', phone: '13600000032', institutionId: other.id });
  token = await server.cardTokenFor('90000031');
  otherToken = await server.cardTokenFor('90000032');
  const form = multipartForm(csvFile(validRows(5, '学生', 13710000000)), 'roster.csv');
  const committed = await server.app.inject({
    method: 'POST',
    url: `${BASE}/roster/commit`,
    ...form,
    headers: { ...form.headers, authorization: token },
  });
  if (committed.statusCode !== 200) throw new Error(`roster commit failed: ${committed.body}`);
  batchId = committed.json().data.batchId;
}, 60_000);
afterAll(() => server.close());

const slips = (id: number, bearer = token) =>
  server.app.inject({ method: 'POST', url: `${BASE}/batches/${id}/slips`, headers: { authorization: bearer } });

describe('activation slips', () => {
  it('prints one slip per pupil with the card number, a new code that works, and a QR of the activation address', async () => {
    const answer = await slips(batchId);
    expect(answer.statusCode).toBe(200);
    const file = answer.json().data;
    expect(file).toMatchObject({ mimeType: 'application/pdf', fileName: `激活单-批次${batchId}.pdf` });
    const pending = await server.db.kysely
      .selectFrom('institutionMember')
      .select('cardNo')
      .where('batchId', '=', batchId)
      .orderBy('cardNo')
      .execute();
    expect(pending).toHaveLength(5);
    await withPdf(Buffer.from(file.base64, 'base64'), async (document, folder) => {
      const text = await pdfText(document);
      for (const { cardNo } of pending) expect(text).toContain(`卡号：${cardNo}`);
      expect(text.match(/学分卡激活单/g)).toHaveLength(5);
      // Four slips to a page; zbarimg reports them in no set order.
      const found = await qrCodesOnPage(document, folder);
      expect(found).toHaveLength(4);
      const first = found.find((text) => text.includes(`cardNo=${pending[0]?.cardNo}&`));
      const address = new URL(first ?? '');
      expect(`${address.origin}${address.pathname}`).toBe(`${PUBLIC_URL}/creditBank/activate`);
      const fragment = new URLSearchParams(address.hash.slice(1));
      expect(fragment.get('cardNo')).toBe(pending[0]?.cardNo);
      // The printed code is the live one: the activation check accepts it.
      const code = fragment.get('code') ?? '';
      expect(text).toContain(`${code.slice(0, 4)} ${code.slice(4)}`);
      const accepted = await server.app.inject({
        method: 'POST',
        url: api.activation.check.path,
        headers: { [HEADERS.xsrf]: TEST_XSRF, cookie: `${XSRF_COOKIE}=${TEST_XSRF}` },
        payload: { cardNo: pending[0]?.cardNo ?? '', code },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data).toMatchObject({ needsGuardianConsent: true });
    });
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'code-issue')
      .where('targetId', '=', String(batchId))
      .execute();
    expect(audit.some((row) => JSON.parse(row.detail).form === 'slips')).toBe(true);
  }, 60_000);

  it('refuses another institution’s batch, and writes no code', async () => {
    const before = await server.db.kysely.selectFrom('activationCode').select('codeHash').orderBy('cardNo').execute();
    const refused = await slips(batchId, otherToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('未找到该批次');
    expect(await server.db.kysely.selectFrom('activationCode').select('codeHash').orderBy('cardNo').execute()).toEqual(
      before,
    );
  });
});
