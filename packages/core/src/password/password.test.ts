import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, PASSWORD_MIN_SCORE } from './index';

describe('the password strength rule', () => {
  it.each([
    ['aaaaaaaa', /重复/],
    ['12345678', /常见密码/],
    ['woaini1314', /拼音/],
    ['zhangsan', /拼音/],
    ['123456qwe', /常见密码/],
    ['qwertyuiop', /键盘|常见密码/],
  ])('refuses %s with a Chinese reason', async (password, reason) => {
    const verdict = await checkPasswordStrength(password);
    expect(verdict.ok).toBe(false);
    expect(verdict.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(verdict.message).toMatch(/^密码太容易被猜到（强度：(非常弱|弱|一般)）：/);
    expect(verdict.message).toMatch(reason);
  });

  it('refuses a password built on its owner’s card number, phone or user name, which it accepts from others', async () => {
    for (const [password, personal] of [
      ['10000001ab', '10000001'],
      ['13812345678x', '13812345678'],
      ['Lianmeng-Editor', 'lianmeng-editor'],
    ] as const) {
      const own = await checkPasswordStrength(password, [personal]);
      expect(own.ok, password).toBe(false);
      expect(own.message).toMatch(/不要包含自己的卡号、手机号或用户名/);
    }
    expect((await checkPasswordStrength('Lianmeng-Editor', ['someone-else'])).score).toBeGreaterThan(
      (await checkPasswordStrength('Lianmeng-Editor', ['lianmeng-editor'])).score,
    );
  });

  it('accepts passwords out of reach and names their strength', async () => {
    for (const password of ['Xk9#mP2$vL', 'Brand-new-pass-1', '机器人-Robot-2026']) {
      const verdict = await checkPasswordStrength(password, ['10000001', '13800000000']);
      expect(verdict.ok, password).toBe(true);
      expect(verdict.message).toMatch(/^密码强度：(强|非常强)$/);
    }
  });
});
