import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../domains/institutions/rosterTestFiles';
import { cardLogin, tokenOf } from '../../testing/cardHolders';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { seedCardHolders } from './cardHolders';
import { DEMO_CREDENTIALS_FILE } from './demoCredentials';
import { seedInstitutions } from './institutions';

const DEMO_ROSTER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/demo-roster.csv');

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  const options = { dataDir: server.dataDir, demoPassword: TEST_PASSWORD, now: new Date() };
  await seedCardHolders(server.db, options);
  await seedInstitutions(server.db, options);
});
afterAll(() => server.close());

const loginAs = async (cardNo: string) => tokenOf(await cardLogin(server, cardNo, TEST_PASSWORD));

describe('the demo institutions', () => {
  it('are two member schools and an exam site, each with an account, and an operator account', async () => {
    const institutions = await server.db.kysely
      .selectFrom('institution')
      .select(['name', 'kind'])
      .orderBy('id')
      .execute();
    expect(institutions).toEqual([
      { name: '北京市第一中学', kind: 'memberSchool' },
      { name: '上海市育才小学', kind: 'memberSchool' },
      { name: '北京市青少年科技活动中心', kind: 'examSite' },
    ]);
    const expected: [string, { institution: boolean; operator: boolean }, string | null][] = [
      ['10000003', { institution: true, operator: false }, '北京市第一中学'],
      ['10000004', { institution: true, operator: false }, '上海市育才小学'],
      ['10000002', { institution: true, operator: true }, '北京市青少年科技活动中心'],
      ['10000005', { institution: false, operator: true }, null],
    ];
    for (const [cardNo, flags, institution] of expected) {
      const login = await cardLogin(server, cardNo, TEST_PASSWORD);
      expect(login.json().data.ucUserInfo, cardNo).toMatchObject(flags);
      if (!institution) continue;
      const mine = await server.app.inject({
        method: 'GET',
        url: '/api/creditBank/institution/mine',
        headers: { authorization: tokenOf(login) },
      });
      expect(mine.json().data.name, cardNo).toBe(institution);
    }
  });

  it('list demo card 10000001 among the first school’s people', async () => {
    const people = await server.app.inject({
      method: 'GET',
      url: '/api/creditBank/institution/people',
      headers: { authorization: await loginAs('10000003') },
    });
    expect(people.json().data.list.map((person: { cardNo: string }) => person.cardNo)).toEqual(['10000001']);
  });

  it('come with a roster in docs/ that imports without a refused row', async () => {
    const form = multipartForm(await fs.readFile(DEMO_ROSTER), 'demo-roster.csv');
    const preview = await server.app.inject({
      method: 'POST',
      url: '/api/creditBank/institution/roster/preview',
      ...form,
      headers: { ...form.headers, authorization: await loginAs('10000004') },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ total: 30, newCount: 30, refusedCount: 0 });
  });

  it('are listed in the credentials file with role and institution, without the password DEMO_PASSWORD set', async () => {
    const text = await fs.readFile(path.join(server.dataDir, DEMO_CREDENTIALS_FILE), 'utf8');
    expect(text).not.toContain(TEST_PASSWORD);
    // A pupil's card has no second factor; every institution and operator account comes enrolled, its
    // secret (the stored one) listed beside its password.
    expect(text).toContain('10000001\t（DEMO_PASSWORD 设定的密码）\t（无）\t持卡人（学员），北京市第一中学');
    for (const [cardNo, role] of [
      ['10000002', '持卡人；审核员；机构账号：北京市青少年科技活动中心（考点）'],
      ['10000003', '机构账号：北京市第一中学（成员学校）'],
      ['10000004', '机构账号：上海市育才小学（成员学校）'],
      ['10000005', '审核员（联盟认证中心）'],
    ]) {
      const line = text.split('\n').find((entry) => entry.startsWith(`${cardNo}\t`)) ?? '';
      const [, password, secret, listedRole] = line.split('\t');
      expect([password, listedRole]).toEqual(['（DEMO_PASSWORD 设定的密码）', role]);
      const stored = await server.db.kysely
        .selectFrom('secondFactor')
        .select('secret')
        .where('account', '=', `card:${cardNo}`)
        .executeTakeFirstOrThrow();
      expect(secret).toBe(stored.secret);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    }
    expect((await fs.stat(path.join(server.dataDir, DEMO_CREDENTIALS_FILE))).mode & 0o777).toBe(0o600);
  });

  it('are seeded once: a second run changes nothing', async () => {
    const before = await server.db.kysely.selectFrom('institution').select('id').execute();
    expect(
      await seedInstitutions(server.db, { dataDir: server.dataDir, demoPassword: TEST_PASSWORD, now: new Date() }),
    ).toBeNull();
    expect(await server.db.kysely.selectFrom('institution').select('id').execute()).toEqual(before);
  });
});
