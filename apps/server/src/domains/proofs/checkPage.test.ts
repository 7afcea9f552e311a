import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalForTests, warmPortalRenderer } from '../../render/testing';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { buildCreditWorld, call, daysAgo } from '../credits/creditTestKit';
import { lookupsFrom as lookupsOf, postCredit } from './proofTestKit';

/**
 * The check page as the server renders it: the verdict and the masked name in the HTML, never kept in the URL
 * page cache (every showing is a check, and a revocation shows at once; keptCheckPage.test.ts has the page
 * kept per proof state), and its lookup counted against the visitor's address, not the server's own (the page
 * reaches the check API in-process).
 */
let server: TestServer;
let code: string;
let proofId: number;
let pupil: string;

beforeAll(async () => {
  const portalDist = await buildPortalForTests();
  server = await createTestServer({ portalDist });
  await warmPortalRenderer(server.app);
  const world = await buildCreditWorld(server);
  pupil = world.tokens.pupil;
  await postCredit(server, world.tokens, { cardNo: '91000001', itemId: world.itemId('COMP-CIT'), date: daysAgo(4) });
  const issued = (await call(server, pupil, 'POST', '/api/creditBank/proofs', { all: true })).json().data;
  code = issued.proof.code;
  proofId = issued.proof.id;
}, 240_000);
afterAll(() => server?.close());

const visit = (url: string, address: string) => server.app.inject({ method: 'GET', url, remoteAddress: address });

const lookupsFrom = (subject: string) => lookupsOf(server, subject);

describe('the check page rendered on the server', () => {
  it('shows the verdict, is rendered for each new spelling, and counts each showing against the visitor', async () => {
    const first = await visit(`/verify/${code.toLowerCase()}`, '203.0.113.77');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('真实有效');
    expect(first.body).toContain('王*明');
    expect(first.body).not.toContain('91000001');
    expect(first.headers['x-page-cache']).toBe('off');
    const second = await visit(`/verify/${code}`, '203.0.113.77');
    expect(second.headers['x-page-cache']).toBe('off');
    expect(await lookupsFrom('203.0.113.77')).toBe(2);
    expect(await lookupsFrom('127.0.0.1')).toBe(0);
    const listed = (await call(server, pupil, 'GET', '/api/creditBank/proofs')).json().data;
    expect(listed.find((proof: { id: number }) => proof.id === proofId)?.checkCount).toBe(2);

    await call(server, pupil, 'POST', `/api/creditBank/proofs/${proofId}/revoke`, {});
    const after = await visit(`/verify/${code}`, '203.0.113.78');
    expect(after.body).toContain('已撤销');
    expect(after.body).not.toContain('王*明');
  }, 60_000);

  it('keeps the bare form page like any public page, but never a certificate check', async () => {
    await visit('/verify', '203.0.113.80');
    expect((await visit('/verify', '203.0.113.80')).headers['x-page-cache']).toBe('hit');
    const url = `/verify?certificateNo=NONE&name=${encodeURIComponent('王小明')}`;
    await visit(url, '203.0.113.80');
    const again = await visit(url, '203.0.113.80');
    expect(again.headers['x-page-cache']).toBe('off');
    expect(again.body).toContain('不存在');
  });

  it('answers a malformed code with the refusal, and serves the signing certificate beside the page', async () => {
    const refused = await visit('/verify/ABC', '203.0.113.79');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('验证码应为 16 位');
    const certificate = await visit('/verify/certificate.pem', '203.0.113.79');
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toContain('application/x-pem-file');
  });
});
