// No schema library here: the browser bundles take this module as it is (helpers included), while the
// contract's modules reach them only as data.

/**
 * The image challenge shown before an SMS code is sent and after repeated failed log-ins. Digits and
 * capital Latin letters, which every reader of pinyin knows, keeping at most one of each look-alike group
 * (0/O/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V, 9/Q): no answer hinges on telling two shapes apart. An answer
 * is compared without regard to case.
 */
export const CAPTCHA_RULES = {
  alphabet: '34678ACDEFHJKMNPRTWXY',
  length: 4,
  /** How long a challenge may be answered; it is used up by its first answer, right or wrong. */
  validMs: 2 * 60 * 1000,
  /** Failed log-ins (from the address, or against the account) after which a challenge is asked for. */
  afterFailures: 3,
  /** Challenges one address may ask for within `perAddressWindowMs`. */
  perAddress: 30,
  perAddressWindowMs: 10 * 60 * 1000,
} as const;

/**
 * The refusal of a call that needs an answered challenge and came without one: the form shows the
 * challenge and sends again. Always with status 400.
 */
export const CAPTCHA_REQUIRED_MESSAGE = '请先输入图形验证码';
/** The refusal of a wrong, expired or already used answer (status 400): the form shows a new challenge. */
export const CAPTCHA_REFUSED_MESSAGE = '图形验证码不正确或已过期，请重新输入';

/** Whether a refusal asks the form to show (again) the image challenge. */
export const isCaptchaRefusal = (failure: { ok?: boolean; status: number; message: string }) =>
  failure.ok !== true &&
  failure.status === 400 &&
  (failure.message === CAPTCHA_REQUIRED_MESSAGE || failure.message === CAPTCHA_REFUSED_MESSAGE);

/** What a screen reader says for the challenge's picture. */
export const CAPTCHA_IMAGE_ALT = '图形验证码图片：看不清可点击“换一张”';

/** The challenge's SVG as an image source: shown as an image, its markup never enters the page. */
export const captchaImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
