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
  /**
   * The proof of work (ALTCHA, PoW v2) every challenge carries beside its picture: the browser must find
   * the counter whose PBKDF2-SHA-256 key (`cost` rounds) starts with the prefix the server derived from a
   * counter it drew in [counterMin, counterMax). About a second of a phone's time in a worker; a script
   * trying answers pays the same for each one.
   */
  proof: { algorithm: 'PBKDF2/SHA-256', cost: 1000, counterMin: 1000, counterMax: 4000 },
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

/** The challenge's picture as an image source: only a raster data address is shown, anything else is not. */
export const captchaImageSource = (image: string) => (/^data:image\/(webp|png);base64,/.test(image) ? image : '');

/** The refusal of an SMS code once the site-wide hourly ceiling of codes sent is reached (status 503). */
export const SMS_BREAKER_MESSAGE = '短信发送量已达本小时上限，请稍后再试';
/** The refusal of a log-in while the site-wide breaker on failed log-ins is tripped (status 503). */
export const LOGIN_BREAKER_MESSAGE = '登录失败次数异常增多，系统已暂停登录，请一分钟后再试';
