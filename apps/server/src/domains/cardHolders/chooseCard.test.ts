import { api, SMS_CODE_RULES } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../security/tokens';
import {
  addressesIn,
  answerCardStep,
  buildCardsOnOnePhone,
  cardLogin,
  FIRST_CARD,
  postForm,
  SECOND_CARD,
  SHARED_PHONE,
  tokenOf,
} from '../../testing/cardHolders';
import { buildCardHolder, buildInstitution } from '../../testing/factories';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer';
import { CHOOSE_CARD_REFUSED } from './chooseCard';
import { CARD_NOT_ACTIVATED } from './validateCardByPass';

let server: TestServer;
let clock = Date.now();
const freshAddress = addressesIn(3);

// A holder whose phone has a school card and, second, the exam site's institution account.
const PHONE = SHARED_PHONE;
const SCHOOL_CARD = FIRST_CARD;
const EXAM_SITE_CARD = SECOND_CARD;
// Another holder's phone and card.
const OTHER_PHONE = '13900000009';
const OTHER_CARD = '20000001';
// A phone with a plain card, an account of a disabled institution and a card not yet activated.
const THIRD_PHONE = '13700000000';
const THIRD_CARD = '30000001';
const DISABLED_INSTITUTION_CARD = '30000002';
const PENDING_CARD = '30000003';
const PLAIN_SECOND_CARD = '30000004';

let examSiteId = 0;

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  const examSite = await buildInstitution(server.db, { name: '北京市青少年科技活动中心', kind: 'examSite' });
  examSiteId = examSite.id;
  const disabled = await buildInstitution(server.db, { name: '停用的学校', status: 'disabled' });
  await buildCardsOnOnePhone(server, { operator: false, institutionId: examSite.id });
  await buildCardHolder(server.db, { cardNo: OTHER_CARD, phone: OTHER_PHONE });
  await buildCardHolder(server.db, { cardNo: THIRD_CARD, phone: THIRD_PHONE });
  await buildCardHolder(server.db, {
    cardNo: DISABLED_INSTITUTION_CARD,
    phone: THIRD_PHONE,
    institution: true,
    institutionId: disabled.id,
  });
  await buildCardHolder(server.db, { cardNo: PENDING_CARD, phone: THIRD_PHONE, activationState: 'pending' });
});
afterAll(() => server.close());

/** The portal's phone log-in: a code sent to the phone, then the phone and the code. */
const phoneLogin = async (phone: string) => {
  clock += SMS_CODE_RULES.resendSeconds * 1000 + 1000;
  expect(
    (await postForm(server, '/api/uc/user/sendCode', { phone }, { remoteAddress: freshAddress() })).statusCode,
  ).toBe(200);
  const code = server.sms.lastCodeFor(phone) ?? '';
  const response = await postForm(
    server,
    '/api/uc/user/loginByPhoneAndCode',
    { phone, code },
    { remoteAddress: freshAddress() },
  );
  expect(response.statusCode).toBe(200);
  return { token: tokenOf(response), data: response.json().data };
};
/** A phone log-in's token without the SMS round trip. */
const phoneToken = (cardNo: string, phone: string) => server.app.accessGuards.cardTokens.issue(cardNo, phone);

const chooseCard = (token: string | undefined, form: Record<string, string>) =>
  postForm(server, api.uc.chooseCard.path, form, { authorization: token, xsrf: false });
const get = (url: string, token: string) =>
  server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const boundCard = async (token: string) =>
  (
    await server.db.kysely
      .selectFrom('cardToken')
      .select(['cardNo', 'loginPhone'])
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirstOrThrow()
  ).cardNo;
const everyToken = () => server.db.kysely.selectFrom('cardToken').selectAll().orderBy('tokenHash').execute();
const auditRows = () => server.db.kysely.selectFrom('auditLog').selectAll().orderBy('id').execute();

describe('chooseCard', () => {
  it('rebinds a phone log-in’s token to the chosen card: info, the workbench and a password change act for it', async () => {
    const { token, data } = await phoneLogin(PHONE);
    expect(data.ucUserInfo.cardNo).toBe(SCHOOL_CARD);
    expect(data.cardNoOfData).toEqual([SCHOOL_CARD, EXAM_SITE_CARD]);
    // Bound to the first card, the token cannot open the second card's workbench.
    expect((await get(api.institutionWorkbench.mine.path, token)).statusCode).toBe(403);

    // An institution account is opened by its code, not by the phone's SMS code: the answer is the code step,
    // and the token stays the first card's until the step is passed.
    const chosen = await chooseCard(token, { cardNo: EXAM_SITE_CARD });
    const step = chosen.json().data.secondFactor;
    expect(step).toMatchObject({ ticket: expect.any(String) });
    expect(await boundCard(token)).toBe(SCHOOL_CARD);
    const passed = await answerCardStep(server, EXAM_SITE_CARD, step, freshAddress());
    expect(passed.json().data).toMatchObject({
      ucUserInfo: {
        cardNo: EXAM_SITE_CARD,
        name: '李明',
        school: '北京市青少年科技活动中心',
        phone: PHONE,
        operator: false,
        institution: true,
      },
      cardNoOfData: [SCHOOL_CARD, EXAM_SITE_CARD],
    });
    const examToken = tokenOf(passed);
    expect(await boundCard(examToken)).toBe(EXAM_SITE_CARD);
    expect((await get(api.uc.info.path, examToken)).json().data.cardNo).toBe(EXAM_SITE_CARD);
    const mine = await get(api.institutionWorkbench.mine.path, examToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: examSiteId, name: '北京市青少年科技活动中心', kind: 'examSite' });

    // 修改密码 changes the chosen card's password, not the first card's.
    const newPassword = 'Exam-site-pass-7';
    const changed = await postForm(
      server,
      api.uc.changePassword.path,
      { oldPassword: TEST_PASSWORD, newPassword },
      { authorization: examToken, xsrf: false },
    );
    expect(changed.statusCode).toBe(200);
    const at = new Date(clock);
    expect((await cardLogin(server, EXAM_SITE_CARD, newPassword, freshAddress(), at)).statusCode).toBe(200);
    expect((await cardLogin(server, SCHOOL_CARD, TEST_PASSWORD, freshAddress(), at)).statusCode).toBe(200);

    // And back: the first card again, whose account has no workbench; the same token, rebound and audited.
    const back = await chooseCard(examToken, { cardNo: SCHOOL_CARD });
    expect(back.json().data.cardNo).toBe(SCHOOL_CARD);
    expect(back.body).not.toContain(examToken);
    expect(await boundCard(examToken)).toBe(SCHOOL_CARD);
    expect((await get(api.uc.info.path, examToken)).json().data.cardNo).toBe(SCHOOL_CARD);
    expect((await get(api.institutionWorkbench.mine.path, examToken)).statusCode).toBe(403);
    const audit = (await auditRows()).at(-1);
    expect(audit).toMatchObject({
      username: `卡号${SCHOOL_CARD}`,
      action: 'sign-in',
      targetType: 'cardHolder',
      targetId: SCHOOL_CARD,
    });
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ via: 'chooseCard', fromCardNo: EXAM_SITE_CARD });
    expect(JSON.stringify(audit)).not.toContain(examToken);
    expect(JSON.stringify(audit)).not.toContain(PHONE);
  });

  it('after a phone log-in, 修改密码 changes the chosen plain card, not the first one', async () => {
    const token = await phoneToken(THIRD_CARD, THIRD_PHONE);
    await buildCardHolder(server.db, { cardNo: PLAIN_SECOND_CARD, phone: THIRD_PHONE });
    expect((await chooseCard(token, { cardNo: PLAIN_SECOND_CARD })).json().data.cardNo).toBe(PLAIN_SECOND_CARD);
    expect(await boundCard(token)).toBe(PLAIN_SECOND_CARD);
    const newPassword = 'Second-card-pass-8';
    const changed = await postForm(
      server,
      api.uc.changePassword.path,
      { oldPassword: TEST_PASSWORD, newPassword },
      { authorization: token, xsrf: false },
    );
    expect(changed.statusCode).toBe(200);
    const at = new Date(clock);
    expect((await cardLogin(server, PLAIN_SECOND_CARD, newPassword, freshAddress(), at)).statusCode).toBe(200);
    expect((await cardLogin(server, THIRD_CARD, TEST_PASSWORD, freshAddress(), at)).statusCode).toBe(200);
  });

  it('refuses a card of another phone, or no card at all, with a 403 that changes nothing', async () => {
    const token = await phoneToken(SCHOOL_CARD, PHONE);
    const tokens = await everyToken();
    const audit = await auditRows();
    for (const cardNo of [OTHER_CARD, '99999999']) {
      expect((await chooseCard(token, { cardNo })).json()).toEqual({ status: 403, message: CHOOSE_CARD_REFUSED });
    }
    expect(await everyToken()).toEqual(tokens);
    expect(await auditRows()).toEqual(audit);
    expect((await get(api.uc.info.path, token)).json().data.cardNo).toBe(SCHOOL_CARD);
  });

  it('lets a card-number log-in’s token choose only its own card, even another card of the same phone', async () => {
    const token = await server.cardTokenFor(SCHOOL_CARD);
    const audit = await auditRows();
    const own = await chooseCard(token, { cardNo: SCHOOL_CARD });
    expect(own.json().data).toMatchObject({ cardNo: SCHOOL_CARD, institution: false });
    expect((await chooseCard(token, { cardNo: EXAM_SITE_CARD })).json()).toEqual({
      status: 403,
      message: CHOOSE_CARD_REFUSED,
    });
    expect(await boundCard(token)).toBe(SCHOOL_CARD);
    // Choosing the card already bound writes nothing.
    expect(await auditRows()).toEqual(audit);
  });

  it('refuses a card not yet activated, as its log-in does, keeping the token', async () => {
    const token = await phoneToken(THIRD_CARD, THIRD_PHONE);
    expect((await chooseCard(token, { cardNo: PENDING_CARD })).json()).toEqual({
      status: 403,
      message: CARD_NOT_ACTIVATED,
    });
    expect(await boundCard(token)).toBe(THIRD_CARD);
  });

  it('chooses a disabled institution’s account as its log-in does: its code first, then without the flag and its workbench closed', async () => {
    const token = await phoneToken(THIRD_CARD, THIRD_PHONE);
    const chosen = await chooseCard(token, { cardNo: DISABLED_INSTITUTION_CARD });
    // The account keeps its second factor while its institution is disabled: enabling it again opens nothing.
    const passed = await answerCardStep(
      server,
      DISABLED_INSTITUTION_CARD,
      chosen.json().data.secondFactor,
      freshAddress(),
    );
    expect(passed.json().data.ucUserInfo).toMatchObject({ cardNo: DISABLED_INSTITUTION_CARD, institution: false });
    const accountToken = tokenOf(passed);
    expect(await boundCard(accountToken)).toBe(DISABLED_INSTITUTION_CARD);
    expect(await boundCard(token)).toBe(THIRD_CARD);
    expect((await get(api.institutionWorkbench.mine.path, accountToken)).statusCode).toBe(403);
  });

  it('needs a token and a card number', async () => {
    expect((await chooseCard(undefined, { cardNo: SCHOOL_CARD })).json()).toEqual({
      status: 401,
      message: '请先登录',
    });
    const token = await phoneToken(SCHOOL_CARD, PHONE);
    const bad = await chooseCard(token, { cardNo: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/8 到 20 位数字/);
    expect(await boundCard(token)).toBe(SCHOOL_CARD);
  });
});
