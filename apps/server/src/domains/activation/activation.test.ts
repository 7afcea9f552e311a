import { GUARDIAN_CONSENT, SMS_CODE_RULES } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesIn, cardLogin, postForm, tokenOf } from '../../testing/cardHolders';
import { buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { beijingDate } from '../institutions/roster';
import { csvFile, multipartForm, type Row, readXlsxBase64 } from '../institutions/rosterTestFiles';

let server: TestServer;
let clock = Date.now();
const freshAddress = addressesIn(7);
const PASSWORD = 'Qiang-mima-2026!';
const GUARDIAN_PHONE = '13911110000';
/** The father's consent to the current text, his phone the one the code went to. */
const FATHERS_CONSENT = {
  guardianName: '王爸爸',
  guardianRelation: '父亲',
  guardianPhone: GUARDIAN_PHONE,
  consentVersion: GUARDIAN_CONSENT.version,
};

/** A birth date `years` years before today in Beijing, shifted by `days`. */
const bornYearsAgo = (years: number, days = 0) => {
  const today = beijingDate(new Date(clock));
  const date = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const codes = new Map<string, { cardNo: string; code: string }>();

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  const school = await buildInstitution(server.db, { name: '丙学校' });
  await buildInstitutionAccount(server.db, { cardNo: '91000001', phone: '13600001001', institutionId: school.id });
  const rows: Row[] = [
    ['十岁甲', '男', bornYearsAgo(10), '四年级1班', '', GUARDIAN_PHONE],
    ['十岁乙', '女', bornYearsAgo(10), '四年级2班', '', GUARDIAN_PHONE],
    ['满十四', '女', bornYearsAgo(14), '初二1班', '13911110014', ''],
    ['差一天', '男', bornYearsAgo(14, 1), '初二2班', '13911110013', ''],
    ['十五岁', '男', bornYearsAgo(15), '初三1班', '13911110015', ''],
    ['过期者', '男', bornYearsAgo(15), '初三1班', '13911110016', ''],
  ];
  const form = multipartForm(csvFile(rows), 'roster.csv');
  const commit = await server.app.inject({
    method: 'POST',
    url: '/api/creditBank/institution/roster/commit',
    ...form,
    headers: { ...form.headers, authorization: await server.cardTokenFor('91000001') },
  });
  expect(commit.statusCode).toBe(200);
  for (const row of (await readXlsxBase64(commit.json().data.codesFile.base64)).slice(1)) {
    codes.set(String(row[1]?.value), { cardNo: String(row[0]?.value), code: String(row[3]?.value) });
  }
});
afterAll(() => server.close());

const card = (name: string) => {
  const found = codes.get(name);
  if (!found) throw new Error(`no card for ${name}`);
  return found;
};

const post = (path: string, form: Record<string, string>, remoteAddress = freshAddress()) =>
  postForm(server, `/api/uc/user/activate${path}`, form, { remoteAddress });

const smsCodeFor = async (cardNo: string, code: string, phone: string) => {
  clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
  const response = await post('/sendCode', { cardNo, code, phone });
  expect(response.statusCode, response.body).toBe(200);
  const sent = server.sms.lastCodeFor(phone);
  if (!sent) throw new Error('no SMS code was sent');
  return sent;
};

/** A card's number and code with an SMS code just sent to `phone` for it: what every activation form carries. */
const smsVerified = async (name: string, phone: string) => {
  const { cardNo, code } = card(name);
  return { cardNo, code, phone, smsCode: await smsCodeFor(cardNo, code, phone) };
};

const stateOf = async (cardNo: string) =>
  (
    await server.db.kysely
      .selectFrom('cardHolder')
      .select('activationState')
      .where('cardNo', '=', cardNo)
      .executeTakeFirstOrThrow()
  ).activationState;

describe('before activation', () => {
  it('the card cannot log in', async () => {
    const response = await cardLogin(server, card('十五岁').cardNo, 'any-Password-1', freshAddress());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('该卡尚未激活，请先激活');
  });
});

describe('checking a code', () => {
  it('answers whether a guardian must consent: under 14 on the day (Beijing date) yes, from the 14th birthday no', async () => {
    const expectations: [string, boolean][] = [
      ['十岁甲', true],
      ['差一天', true],
      ['满十四', false],
      ['十五岁', false],
    ];
    for (const [name, needed] of expectations) {
      const response = await post('/check', card(name));
      expect(response.statusCode, name).toBe(200);
      expect(response.json().data, name).toEqual({
        needsGuardianConsent: needed,
        consentVersion: GUARDIAN_CONSENT.version,
      });
    }
  });

  it('gives a wrong code and an unknown card the same answer', async () => {
    const wrong = await post('/check', { cardNo: card('十五岁').cardNo, code: 'ABCDEFGH' });
    const unknown = await post('/check', { cardNo: '99999999', code: card('十五岁').code });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('卡号或激活码不正确');
    }
  });

  it('accepts the code typed in lower case with spaces or dashes', async () => {
    const { cardNo, code } = card('十五岁');
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect((await post('/check', { cardNo, code: typed })).statusCode).toBe(200);
  });

  it('slows down guessing per card and address like passwords', async () => {
    const { cardNo } = card('过期者');
    const address = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await post('/check', { cardNo, code: 'WRNGCD22' }, address)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('activating', () => {
  it('refuses a weak password, and a child under 14 without the guardian’s consent, changing nothing', async () => {
    const base = await smsVerified('十岁甲', GUARDIAN_PHONE);
    const { cardNo } = base;
    const weak = await post('', { ...base, password: '12345678' });
    expect(weak.statusCode).toBe(400);
    const missing = await post('', { ...base, password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('未满 14 周岁须由监护人填写并同意监护人同意书');
    const outdated = await post('', { ...base, password: PASSWORD, ...FATHERS_CONSENT, consentVersion: 'old-version' });
    expect(outdated.json().message).toBe('监护人同意书已更新，请刷新页面后重新阅读并同意');
    const otherGuardianPhone = await post('', {
      ...base,
      password: PASSWORD,
      guardianName: '王妈妈',
      guardianRelation: '母亲',
      guardianPhone: '13911119999',
      consentVersion: GUARDIAN_CONSENT.version,
    });
    expect(otherGuardianPhone.json().message).toBe('请填写监护人手机收到的验证码');
    expect(await stateOf(cardNo)).toBe('pending');
    expect(await server.db.kysely.selectFrom('guardianConsent').selectAll().execute()).toEqual([]);
  });

  it('activates a 10-year-old with the consent recorded, and refuses the replayed request', async () => {
    const form = { ...(await smsVerified('十岁甲', GUARDIAN_PHONE)), password: PASSWORD, ...FATHERS_CONSENT };
    const { cardNo } = form;
    const response = await post('', form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ cardNo });
    expect(await stateOf(cardNo)).toBe('active');
    const consent = await server.db.kysely
      .selectFrom('guardianConsent')
      .selectAll()
      .where('cardNo', '=', cardNo)
      .execute();
    expect(consent).toEqual([
      expect.objectContaining({
        guardianName: '王爸爸',
        relation: '父亲',
        guardianPhone: GUARDIAN_PHONE,
        consentVersion: GUARDIAN_CONSENT.version,
      }),
    ]);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'activate')
      .where('targetId', '=', cardNo)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ guardianConsent: true, result: 'ok' });

    // The institution's list shows the card activated.
    const people = await server.app.inject({
      method: 'GET',
      url: `/api/creditBank/institution/people?state=active&keyword=${cardNo}`,
      headers: { authorization: await server.cardTokenFor('91000001') },
    });
    expect(people.json().data.list).toEqual([expect.objectContaining({ cardNo, state: 'active' })]);

    const replay = await post('', form);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('该卡已激活，请直接登录');

    const login = await cardLogin(server, cardNo, PASSWORD, freshAddress());
    expect(login.statusCode).toBe(200);
    const info = await server.app.inject({
      method: 'GET',
      url: `/api/creditBank/info?cardNo=${cardNo}`,
      headers: { authorization: tokenOf(login) },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ cardNo, totalCredits: 0, total: 0 });
  });

  it("lets one guardian phone hold several children's cards, picked at the phone log-in", async () => {
    const form = { ...(await smsVerified('十岁乙', GUARDIAN_PHONE)), password: PASSWORD, ...FATHERS_CONSENT };
    const response = await post('', form);
    expect(response.statusCode, response.body).toBe(200);
    clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
    expect(
      (await postForm(server, '/api/uc/user/sendCode', { phone: GUARDIAN_PHONE }, { remoteAddress: freshAddress() }))
        .statusCode,
    ).toBe(200);
    const login = await postForm(
      server,
      '/api/uc/user/loginByPhoneAndCode',
      { phone: GUARDIAN_PHONE, code: server.sms.lastCodeFor(GUARDIAN_PHONE) ?? '' },
      { remoteAddress: freshAddress() },
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().data.cardNoOfData).toEqual([card('十岁甲').cardNo, form.cardNo].sort());
  });

  it('activates a 15-year-old without a guardian', async () => {
    const form = { ...(await smsVerified('十五岁', '13911110015')), password: PASSWORD };
    const { cardNo } = form;
    const response = await post('', form);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stateOf(cardNo)).toBe('active');
    expect(
      await server.db.kysely.selectFrom('guardianConsent').selectAll().where('cardNo', '=', cardNo).execute(),
    ).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const { cardNo, code } = card('满十四');
    const saved = clock;
    clock += 31 * 24 * 3600_000;
    const response = await post('/check', { cardNo, code });
    clock = saved;
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('激活码已过期，请联系所在机构重新发放');
  });

  it('refuses a code that was replaced by a re-issue', async () => {
    const { cardNo, code } = card('差一天');
    const reissued = await server.app.inject({
      method: 'POST',
      url: `/api/creditBank/institution/people/${cardNo}/code`,
      headers: { authorization: await server.cardTokenFor('91000001') },
    });
    expect(reissued.statusCode).toBe(200);
    const old = await post('/check', { cardNo, code });
    expect(old.json().message).toBe('卡号或激活码不正确');
    expect((await post('/check', { cardNo, code: reissued.json().data.code })).statusCode).toBe(200);
  });
});
