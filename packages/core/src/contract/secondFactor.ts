import { z } from 'zod';

/**
 * The second step of a sign-in whose password was right, for an account with a second factor (TOTP): the
 * ticket the code is sent with and, for an account that has none yet, the secret to add to an
 * authenticator app (typed by hand, or scanned from the QR code) before the first code.
 */
export const secondFactorStepSchema = z.object({
  secondFactor: z.object({
    ticket: z.string(),
    enrolment: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }).nullable(),
  }),
});
export type SecondFactorStep = z.infer<typeof secondFactorStepSchema>;

/** The code of the second step: six digits from the app, or one of the ten recovery codes (`xxxxx-xxxxx`). */
export const secondFactorCodeField = z
  .string({ error: '应为文字' })
  .trim()
  .min(1, { error: '请输入动态口令或恢复码' })
  .max(20, { error: '不能超过 20 个字符' });

export const secondFactorBody = z
  .object({
    ticket: z.string({ error: '应为文字' }).min(1, { error: '缺少登录凭据' }).max(100, { error: '登录凭据有误' }),
    code: secondFactorCodeField,
  })
  .strict();

/** Given once, when an enrolment is confirmed: the codes that sign in when the phone is lost. */
export const recoveryCodesField = z.array(z.string()).nullable();
