import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLogin, postForm } from '../testing/cardHolders';
import { buildCardHolder, TEST_PASSWORD } from '../testing/factories';
import { createTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
const lines: string[] = [];
const CARD = '60000001';
const PHONE = '13660000001';

beforeAll(async () => {
  server = await createTestServer({ logLevel: 'info' }, undefined, {
    logStream: { write: (line) => lines.push(line) },
  });
  await buildCardHolder(server.db, { cardNo: CARD, phone: PHONE });
});
afterAll(() => server.close());

const logged = (message: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === message);

describe('successful log-ins, resets and grants are logged, without secrets', () => {
  it('logs a card log-in with the card number masked and no password', async () => {
    expect((await cardLogin(server, CARD, TEST_PASSWORD, '192.0.2.80')).statusCode).toBe(200);
    const [line] = logged('log-in succeeded');
    expect(line).toMatchObject({ login: 'card', account: '60****01', address: '192.0.2.80' });
    expect(lines.join('')).not.toContain(TEST_PASSWORD);
  });

  it('logs a password reset with an SMS code, without the code or the new password', async () => {
    await postForm(server, '/api/uc/user/sendCode', { phone: PHONE }, { remoteAddress: '192.0.2.81' });
    const code = server.sms.lastCodeFor(PHONE) ?? '';
    const newPassword = 'Reset-by-code-77';
    const reset = await postForm(
      server,
      '/api/uc/user/resetPassword',
      { phone: PHONE, code, cardNo: CARD, newPassword },
      { remoteAddress: '192.0.2.81' },
    );
    expect(reset.statusCode).toBe(200);
    expect(logged('SMS code accepted')[0]).toMatchObject({ phone: '136****0001' });
    expect(logged('card password reset with an SMS code')[0]).toMatchObject({ card: '60****01' });
    const all = lines.join('');
    expect(all).not.toContain(newPassword);
    expect(all).not.toContain(`"${code}"`);
  });

  it('logs a grant of card roles, naming who granted it', async () => {
    const admin = await server.signIn('admin');
    const response = await server.consoleInject(admin, {
      method: 'PUT',
      url: `/lianmeng/api/cardAccounts/${CARD}`,
      payload: { operator: true },
    });
    expect(response.statusCode).toBe(200);
    expect(logged('card roles changed')[0]).toMatchObject({ cardNo: CARD, by: 'admin', change: { operator: true } });
  });
});
