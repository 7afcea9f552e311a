import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CAPTCHA_REQUIRED_MESSAGE,
  groupProofCode,
  PROOF_CODE_ALPHABET,
  PROOF_CODE_LENGTH,
  PROOF_MAX_RECORDS,
  VERIFY_RULES,
} from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreditRecord } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo } from '../credits/creditTestKit';
import { maskName, newProofCode } from './policy';
import { pdfSignatureReport, pdfText, postCredit, qrCodesOnPage, reverseCredit, withPdf } from './proofTestKit';
import { CERTIFICATE_PATH } from './routes';
import { PROOF_SIGNING_FILE } from './signingKey';

const PUBLIC_URL = 'https://verify.example.org';
const PROOFS = '/api/creditBank/proofs';

let server: TestServer;
let world: Awaited<ReturnType<typeof buildCreditWorld>>;
let posted: { id: number; certificateNo: string }[];

beforeAll(async () => {
  server = await createTestServer({ publicUrl: PUBLIC_URL });
  world = await buildCreditWorld(server);
  posted = [];
  for (const [index, code] of ['COMP-PRV', 'MEET-R-CIT', 'COMP-CIT'].entries()) {
    posted.push(
      await postCredit(server, world.tokens, {
        cardNo: '91000001',
        itemId: world.itemId(code),
        date: daysAgo(20 + index),
        certificateNo: `ZS-2026-00${index + 1}`,
      }),
    );
  }
}, 60_000);
afterAll(() => server.close());

const issue = (body: Record<string, unknown>, token = world.tokens.pupil) => call(server, token, 'POST', PROOFS, body);
const check = (code: string, address = '198.51.100.7') =>
  server.app.inject({ method: 'GET', url: `/api/verify/proof/${encodeURIComponent(code)}`, remoteAddress: address });
const pdfOf = (answer: { file: { base64: string } }) => Buffer.from(answer.file.base64, 'base64');

describe('the signed PDF', () => {
  it('holds the holder, the records and the code as text, a valid signature, and a QR of the check address', async () => {
    const issued = await issue({ all: true });
    expect(issued.statusCode).toBe(200);
    const { proof, file } = issued.json().data;
    expect(file.mimeType).toBe('application/pdf');
    expect(proof).toMatchObject({ recordCount: 3, state: 'valid', checkCount: 0 });
    expect(proof.code).toMatch(new RegExp(`^[${PROOF_CODE_ALPHABET}]{${PROOF_CODE_LENGTH}}$`));
    const pdf = pdfOf(issued.json().data);
    expect(pdf.length).toBeLessThan(1024 * 1024);

    await withPdf(pdf, async (document, folder) => {
      const text = await pdfText(document);
      expect(text).toContain('学习成果证明');
      expect(text).toContain('王小明');
      expect(text).toContain('测试学校');
      expect(text).toContain('甲学校');
      expect(text).toContain(groupProofCode(proof.code));
      expect(text).toContain('ZS-2026-001');
      expect(text).toContain('机器人运动竞赛省级获奖');
      const report = await pdfSignatureReport(document);
      expect(report).toContain('Signature is Valid');
      expect(await qrCodesOnPage(document, folder)).toEqual([`${PUBLIC_URL}/verify/${proof.code}`]);
    });

    // One byte changed inside the signed page content (the table's stream) breaks the signature.
    const streamStart = pdf.indexOf('stream\n', pdf.indexOf('/Contents')) + 'stream\n'.length + 40;
    const tampered = Buffer.from(pdf);
    tampered[streamStart] = (tampered[streamStart] ?? 0) ^ 0x01;
    await withPdf(tampered, async (document) => {
      const report = await pdfSignatureReport(document);
      expect(report).not.toContain('Signature is Valid');
      expect(report).toMatch(/Signature is Invalid|Digest Mismatch/i);
    });

    // The download later is the very document issued.
    const again = await call(server, world.tokens.pupil, 'GET', `${PROOFS}/${proof.id}/pdf`);
    expect(Buffer.from(again.json().data.base64, 'base64').equals(pdf)).toBe(true);
  }, 60_000);

  it('signs with a key written owner-only into DATA_DIR, whose certificate is served at a stable address', async () => {
    const stat = await fs.stat(path.join(server.dataDir, PROOF_SIGNING_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
    const served = await server.app.inject({ method: 'GET', url: CERTIFICATE_PATH });
    expect(served.statusCode).toBe(200);
    expect(served.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const stored = await fs.readFile(path.join(server.dataDir, PROOF_SIGNING_FILE), 'utf8');
    expect(stored.replace(/\r/g, '')).toContain(served.body.replace(/\r/g, '').trim());
  });
});

describe('issuing: bad input', () => {
  it('refuses another holder’s records with 403, and writes nothing', async () => {
    const before = (await call(server, world.tokens.pupil2, 'GET', PROOFS)).json().data.length;
    const refused = await issue({ recordIds: [posted[0]?.id] }, world.tokens.pupil2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('只能为本人的记录开具证明');
    expect((await call(server, world.tokens.pupil2, 'GET', PROOFS)).json().data).toHaveLength(before);
  });

  it('refuses a proof with no records, and a holder with nothing posted', async () => {
    const empty = await issue({ recordIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请至少选择一条已入账的记录');
    const unchosen = await issue({});
    expect(unchosen.statusCode).toBe(400);
    const nothing = await issue({ all: true }, world.tokens.pupil2);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('请至少选择一条已入账的记录');
  });

  it('refuses more records than one proof may list', async () => {
    const cardNo = '91000004';
    for (let index = 0; index <= PROOF_MAX_RECORDS; index += 1) {
      await buildCreditRecord(server.db, { cardNo, date: daysAgo(30), category: '竞赛获奖', credits: 1 });
    }
    const refused = await issue({ all: true }, await server.cardTokenFor(cardNo));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`一份证明最多 ${PROOF_MAX_RECORDS} 条记录，请选择记录分开开具`);
  }, 60_000);

  it('refuses a validity over 180 days, or under one', async () => {
    for (const validDays of [181, 0, 1.5]) {
      const refused = await issue({ all: true, validDays });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/有效期/);
    }
    const shorter = await issue({ recordIds: [posted[1]?.id], validDays: 30 });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json().data.proof.recordCount).toBe(1);
  });
});

describe('public checks', () => {
  it('shows a genuine proof: masked name, school, dates and the records as they stand now', async () => {
    const record = await postCredit(server, world.tokens, {
      cardNo: '91000001',
      itemId: world.itemId('MEET-C-CIT'),
      date: daysAgo(5),
      certificateNo: 'ZS-2026-REV',
    });
    const { proof } = (await issue({ recordIds: [record.id, posted[0]?.id] })).json().data;
    const first = (await check(proof.code)).json().data;
    expect(first).toMatchObject({ verdict: 'valid', verdictLabel: '真实有效' });
    expect(first.proof).toMatchObject({ holderName: '王*明', school: '测试学校', validUntil: proof.validUntil });
    expect(first.proof.records.map((line: { stateLabel: string }) => line.stateLabel)).toEqual(['已入账', '已入账']);
    // Nothing else of the holder: no card number, no phone, no record the proof does not list.
    const body = JSON.stringify(first);
    expect(body).not.toContain('91000001');
    expect(body).not.toContain('13500000001');
    expect(body).not.toContain('ZS-2026-002');

    await reverseCredit(server, world.tokens, record.id);
    const after = (await check(groupProofCode(proof.code).toLowerCase())).json().data;
    expect(after.verdict).toBe('valid');
    const reversed = after.proof.records.find(
      (line: { certificateNo: string }) => line.certificateNo === 'ZS-2026-REV',
    );
    expect(reversed).toMatchObject({ state: 'reversed', stateLabel: '已冲正' });
    expect(after.proof.totalCredits).toBeLessThan(first.proof.totalCredits);
  }, 30_000);

  it('says only 不存在 for an unknown code, and refuses codes of the wrong length or alphabet', async () => {
    const unknown = await check(newProofCode());
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ verdict: 'notFound', verdictLabel: '不存在', proof: null });
    for (const [code, message] of [
      ['ABCD', '验证码应为 16 位'],
      ['ABCDEFGHJKLMNPQRS', '验证码应为 16 位'],
      ['ABCDEFGHJKLMNPQ0', '验证码含有无效字符'],
      ['ABCDEFGHJKLMNPQI', '验证码含有无效字符'],
    ]) {
      const refused = await check(code ?? '');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
  });

  it('checks a certificate number with the holder’s name; a wrong name is the same 不存在 as an unknown number', async () => {
    const url = (certificateNo: string, name: string) =>
      `/api/verify/certificate?certificateNo=${encodeURIComponent(certificateNo)}&name=${encodeURIComponent(name)}`;
    const found = await server.app.inject({
      method: 'GET',
      url: url('ZS-2026-001', '王小明'),
      remoteAddress: '198.51.100.9',
    });
    expect(found.json().data).toMatchObject({
      verdict: 'valid',
      verdictLabel: '真实有效',
      record: { holderName: '王*明', level: '省级', stateLabel: '已入账', institutionName: '甲学校' },
      // Not a match award's certificate: nothing more to show.
      award: null,
    });
    expect(found.body).not.toContain('91000001');
    const wrongName = await server.app.inject({
      method: 'GET',
      url: url('ZS-2026-001', '赵小红'),
      remoteAddress: '198.51.100.9',
    });
    const unknown = await server.app.inject({
      method: 'GET',
      url: url('ZS-NONE', '王小明'),
      remoteAddress: '198.51.100.9',
    });
    expect(wrongName.json()).toEqual(unknown.json());
    expect(unknown.json().data).toEqual({ verdict: 'notFound', verdictLabel: '不存在', record: null, award: null });
  });

  it('masks names on public pages', () => {
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('欧阳小锋')).toBe('欧**锋');
    expect(maskName('李四')).toBe('李*');
  });
});

describe('the holder keeps control', () => {
  it('lists check counts and times, revokes at once, and audits issue, check and revoke', async () => {
    const { proof } = (await issue({ recordIds: [posted[2]?.id] })).json().data;
    await check(proof.code);
    await check(proof.code);
    const listed = (await call(server, world.tokens.pupil, 'GET', PROOFS)).json().data;
    const mine = listed.find((entry: { id: number }) => entry.id === proof.id);
    expect(mine).toMatchObject({ checkCount: 2, state: 'valid' });
    expect(mine.recentChecks).toHaveLength(2);
    expect(JSON.stringify(mine)).not.toMatch(/198\.51\.100/);

    // Another holder can neither revoke nor download it.
    const foreign = await call(server, world.tokens.pupil2, 'POST', `${PROOFS}/${proof.id}/revoke`, {});
    expect(foreign.statusCode).toBe(404);
    expect((await call(server, world.tokens.pupil2, 'GET', `${PROOFS}/${proof.id}/pdf`)).statusCode).toBe(404);

    const revoked = await call(server, world.tokens.pupil, 'POST', `${PROOFS}/${proof.id}/revoke`, {});
    expect(revoked.json().data).toMatchObject({ state: 'revoked', stateLabel: '已撤销' });
    expect((await check(proof.code)).json().data).toEqual({ verdict: 'revoked', verdictLabel: '已撤销', proof: null });
    expect((await call(server, world.tokens.pupil, 'POST', `${PROOFS}/${proof.id}/revoke`, {})).statusCode).toBe(409);

    // The checks are written once a second, and at once for whoever reads them.
    await server.app.proofChecks.flush();
    const actions = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'username'])
      .where('targetType', '=', 'creditProof')
      .where('targetId', '=', String(proof.id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'proof-issue',
      'proof-check',
      'proof-check',
      'proof-revoke',
      'proof-check',
    ]);
    expect(actions[0]?.username).toBe('卡号91000001');
  }, 30_000);

  it('needs a card-holder token for every holder call', async () => {
    for (const [method, url] of [
      ['GET', PROOFS],
      ['POST', PROOFS],
      ['GET', `${PROOFS}/1/pdf`],
      ['POST', `${PROOFS}/1/revoke`],
    ] as const) {
      expect((await server.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('lookups are bounded per address', () => {
  it('asks the image challenge after repeated misses, then refuses with 429 within 1,000 tries', async () => {
    const guarded = await createTestServer({ captcha: true });
    try {
      const address = '203.0.113.50';
      const statuses: number[] = [];
      const messages: string[] = [];
      for (let attempt = 0; attempt < 1000; attempt += 1) {
        const answer = await guarded.app.inject({
          method: 'GET',
          url: `/api/verify/proof/${newProofCode()}`,
          remoteAddress: address,
        });
        statuses.push(answer.statusCode);
        messages.push(answer.json().message ?? '');
        if (answer.statusCode === 429) break;
      }
      const firstChallenge = messages.indexOf(CAPTCHA_REQUIRED_MESSAGE);
      const firstRefusal = statuses.indexOf(429);
      expect(firstChallenge).toBe(VERIFY_RULES.missesBeforeChallenge);
      expect(statuses.slice(0, firstChallenge).every((status) => status === 200)).toBe(true);
      expect(firstRefusal).toBe(VERIFY_RULES.perAddress);
      expect(messages[firstRefusal]).toBe('查验过于频繁，请稍后再试');
      // Another address is not held back by the first one's tries.
      const other = await guarded.app.inject({
        method: 'GET',
        url: `/api/verify/proof/${newProofCode()}`,
        remoteAddress: '203.0.113.51',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  }, 120_000);
});
