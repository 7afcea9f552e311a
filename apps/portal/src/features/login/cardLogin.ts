import { api, type CardLoginAnswer } from '@lianmeng/core';
import { encryptCardPayload } from '@lianmeng/core/crypto';
import type { CallResult } from '@lianmeng/core/http';
import JSEncrypt from 'jsencrypt';
import { http } from '../../app/api';
import type { CaptchaAnswer } from './useCaptcha';

/**
 * Card number + password: the payload is encrypted under the server's public key; an image challenge's
 * answer travels beside the sealed fields.
 */
export const loginWithCard = async (
  cardNo: string,
  password: string,
  captcha: CaptchaAnswer = {},
): Promise<CallResult<CardLoginAnswer>> => {
  const key = await http.call(api.uc.publicKey);
  if (!key.ok) return key;
  const form = encryptCardPayload({ cardNo, password }, key.data.publicKey, new JSEncrypt());
  return http.call(api.uc.validateCardByPass, { body: { ...form, ...captcha } });
};
