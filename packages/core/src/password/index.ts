import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * The password strength rule, one for the server and the forms. The estimate (zxcvbn: 0 = guessed in
 * minutes … 4 = out of reach) looks for what people really choose: common passwords and words, repeats
 * (`aaaaaaaa`), runs (`12345678`), keyboard walks (`qwer`), dates, pinyin habits, and the person's own
 * card number, phone and user name. A score of 3 means an attacker who stole the hashes still needs
 * months per password at argon2's cost.
 */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_STRENGTH_LABELS = ['非常弱', '弱', '一般', '强', '非常强'] as const;

/** Pinyin and number habits a common English list does not know. */
const PINYIN_HABITS = [
  'woaini',
  'woaini1314',
  'aini',
  'nihao',
  'zhangsan',
  'lisi',
  'wangwu',
  'zhaoliu',
  'laopo',
  'laogong',
  'baobei',
  'mima',
  'wodemima',
  'zhongguo',
  'beijing',
  'shanghai',
  'jiqiren',
  'lianmeng',
  'xuexiao',
  'xuesheng',
  'laoshi',
  'tiyu',
  '5201314',
  '1314520',
  '123456qwe',
  'qwe123456',
  'a123456',
  '123456a',
  'aa123456',
  'abc123456',
];

export interface PasswordVerdict {
  score: 0 | 1 | 2 | 3 | 4;
  ok: boolean;
  /** Chinese: the strength, and when too weak, what makes it guessable. */
  message: string;
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use: the dictionaries are large, and a page that asks for no password never loads them. */
const loadEstimator = () => {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, pinyin: PINYIN_HABITS },
        graphs: common.adjacencyGraphs,
      }),
  );
  return estimator;
};

const weaknessOf = (result: ZxcvbnResult): string => {
  for (const match of result.sequence) {
    if (match.pattern === 'dictionary' && match.dictionaryName === 'userInputs') {
      return '不要包含自己的卡号、手机号或用户名';
    }
  }
  const patterns = new Set(result.sequence.map((match) => match.pattern));
  if (patterns.has('repeat')) return '不要使用重复的字符（如 aaaa、abcabc）';
  if (patterns.has('sequence')) return '不要使用连续的字符（如 1234、abcd）';
  if (patterns.has('spatial')) return '不要使用键盘上相邻的按键（如 qwer、asdf）';
  if (patterns.has('date')) return '不要使用日期或年份';
  if (patterns.has('dictionary')) return '不要使用常见密码、单词或拼音（如 woaini、zhangsan）';
  return '请加长密码，混合字母、数字和符号';
};

/** Judges a password; `personal` holds what belongs to its owner (card number, phone, user name, name). */
export const checkPasswordStrength = async (
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): Promise<PasswordVerdict> => {
  const result = (await loadEstimator()).check(
    password,
    personal.filter((value): value is string => Boolean(value)),
  );
  const score = result.score as PasswordVerdict['score'];
  const label = PASSWORD_STRENGTH_LABELS[score];
  const ok = score >= PASSWORD_MIN_SCORE;
  return {
    score,
    ok,
    message: ok ? `密码强度：${label}` : `密码太容易被猜到（强度：${label}）：${weaknessOf(result)}`,
  };
};
