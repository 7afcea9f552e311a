import { CARD_NO, PHONE, SMS_CODE, TEXT_LIMITS } from '@lianmeng/core';
import type { FormRule } from 'antd';

/** The login forms' field rules (Chinese messages); the server checks the same patterns. */
export const cardNoRules: FormRule[] = [
  { required: true, message: '请输入卡号' },
  { pattern: CARD_NO, message: '卡号应为 8 到 20 位数字' },
];
export const phoneRules: FormRule[] = [
  { required: true, message: '请输入手机号' },
  { pattern: PHONE, message: '请输入 11 位手机号' },
];
export const codeRules: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: SMS_CODE, message: '验证码为 6 位数字' },
];
export const passwordRules: FormRule[] = [{ required: true, message: '请输入密码' }];
export const newPasswordRules: FormRule[] = [
  { required: true, message: '请输入新密码' },
  { min: TEXT_LIMITS.password.min, message: `密码至少 ${TEXT_LIMITS.password.min} 位` },
  { max: TEXT_LIMITS.password.max, message: `密码不能超过 ${TEXT_LIMITS.password.max} 位` },
  { pattern: /^\S*$/, message: '密码不能包含空格等空白字符' },
];
/**
 * The server's strength rule, judged as the password is typed (antd validates on change), so its Chinese
 * reason shows before anything is sent. The rule and its estimator load only when a password is typed:
 * pages without a password form stay light. `personalFields` are the form's fields that belong to the
 * owner (card number, phone), `personal` what the page knows of the owner otherwise.
 */
export const strongPasswordRule =
  (personalFields: string[], personal: () => (string | undefined)[] = () => []): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_, value) => {
      if (typeof value !== 'string' || value.length < TEXT_LIMITS.password.min) return;
      const { checkPasswordStrength } = await import('@lianmeng/core/password');
      const owner = [...personalFields.map((field) => getFieldValue(field) as string | undefined), ...personal()];
      const verdict = await checkPasswordStrength(value, owner);
      if (!verdict.ok) throw new Error(verdict.message);
    },
  });

export const confirmRules = (field: string): FormRule[] => [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
  }),
];
