import { createRequire } from 'node:module';
import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { type EncryptedCardForm, encryptCardPayload, type RsaOaepEncryptor } from '@lianmeng/core/crypto';
import type { LightMyRequestResponse } from 'fastify';
import { cardAccountKey } from '../domains/secondFactor/secondFactorRepository';
import { buildCardHolder } from './factories';
import { codeForStep, type StepAnswer } from './secondFactorCodes';
import { TEST_XSRF, type TestServer } from './testServer';

// jsencrypt's ESM entry has extensionless imports that plain Node cannot load; its CommonJS entry works.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => RsaOaepEncryptor;

export const FIRST_CARD = '10000001';
export const SECOND_CARD = '10000002';
export const SHARED_PHONE = '13800000000';

/**
 * Two cards on one phone, as a holder with a school card and an institution card has them; `second`
 * changes the institution card (its operator flag, the institution it acts for).
 */
export const buildCardsOnOnePhone = async (
  server: TestServer,
  second: Pick<Parameters<typeof buildCardHolder>[1], 'operator' | 'institutionId'> = {},
) => {
  await buildCardHolder(server.db, { cardNo: FIRST_CARD, phone: SHARED_PHONE, name: '李明', school: '北京市第一中学' });
  await buildCardHolder(server.db, {
    cardNo: SECOND_CARD,
    phone: SHARED_PHONE,
    name: '李明',
    school: '北京市青少年科技活动中心',
    operator: true,
    institution: true,
    ...second,
  });
};

/** A new client address under `10.<block>.` at each call, so that no test reaches another's per-address limits. */
export const addressesIn = (block: number) => {
  let counter = 0;
  return () => {
    counter += 1;
    return `10.${block}.${Math.floor(counter / 250)}.${counter % 250}`;
  };
};

export const publicKeyOf = async (server: TestServer): Promise<string> =>
  (await server.app.inject({ method: 'GET', url: '/api/uc/user/publicKey' })).json().data.publicKey;

export const encryptCard = (publicKey: string, cardNo: string, password: string, now = new Date()) =>
  encryptCardPayload({ cardNo, password }, publicKey, new JSEncrypt(), now);

/** A form POST from the portal: anti-forgery cookie and header, form-encoded. */
export const postForm = (
  server: TestServer,
  url: string,
  form: Record<string, string> | EncryptedCardForm,
  options: { xsrf?: boolean; authorization?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${XSRF_COOKIE}=${TEST_XSRF}`,
      ...(options.xsrf === false ? {} : { [HEADERS.xsrf]: TEST_XSRF }),
      ...(options.authorization ? { authorization: options.authorization } : {}),
    },
    payload: new URLSearchParams(form as unknown as Record<string, string>).toString(),
  });

export const cardLogin = async (
  server: TestServer,
  cardNo: string,
  password: string,
  remoteAddress?: string,
  now = new Date(),
): Promise<LightMyRequestResponse> => {
  const response = await postForm(
    server,
    '/api/uc/user/ValidateCardByPass',
    encryptCard(await publicKeyOf(server), cardNo, password, now),
    { remoteAddress },
  );
  const step = response.statusCode === 200 ? (response.json() as { data?: StepAnswer }).data?.secondFactor : undefined;
  return step ? answerCardStep(server, cardNo, step, remoteAddress) : response;
};

/**
 * The second step of an institution or operator card's log-in, answered with the right code as the holder's
 * authenticator app would (the tests of the step itself post it by hand).
 */
export const answerCardStep = async (
  server: TestServer,
  cardNo: string,
  step: NonNullable<StepAnswer['secondFactor']>,
  remoteAddress?: string,
) =>
  postForm(
    server,
    '/api/uc/user/secondFactor',
    { ticket: step.ticket, code: await codeForStep(server.db.kysely, cardAccountKey(cardNo), step, server.now()) },
    { remoteAddress },
  );

export const tokenOf = (response: LightMyRequestResponse): string => {
  const token = response.json().data?.token;
  if (typeof token !== 'string') throw new Error(`no token in ${response.body}`);
  return token;
};
