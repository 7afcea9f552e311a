import { createRequire } from 'node:module';
import { HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { type EncryptedCardForm, encryptCardPayload, type RsaOaepEncryptor } from '@lianmeng/core/crypto';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_XSRF, type TestServer } from './testServer';

// jsencrypt's ESM entry cannot be loaded by plain Node (STACK.md).
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => RsaOaepEncryptor;

export const DEMO_CARD = '10000001';
export const SECOND_CARD = '10000002';
export const DEMO_PHONE = '13800000000';

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
): Promise<LightMyRequestResponse> =>
  postForm(server, '/api/uc/user/ValidateCardByPass', encryptCard(await publicKeyOf(server), cardNo, password, now), {
    remoteAddress,
  });

export const tokenOf = (response: LightMyRequestResponse): string => {
  const token = response.json().data?.token;
  if (typeof token !== 'string') throw new Error(`no token in ${response.body}`);
  return token;
};
