import { createHmac, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CAPTCHA_RULES } from '@lianmeng/core';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database';
import { safeEqual } from '../../security/tokens';

export interface CaptchaChallenges {
  /** A new challenge: its id and the SVG image of its answer. */
  issue(): Promise<{ captchaId: string; svg: string }>;
  /** True for the right answer within the challenge's lifetime; the challenge is gone after any answer. */
  consume(captchaId: string, answer: string): Promise<boolean>;
}

/** Where the whole-system tests read the answers from, when the test-only switch is on. */
export const CAPTCHA_TEST_ANSWERS_FILE = 'captcha-answers.log';

// The package's main export draws a given text; its types only declare the helpers that pick their own.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/**
 * The answer is picked with the crypto generator (not the drawing package's `Math.random`, whose state the
 * noise in earlier images would give away) from an alphabet without look-alike characters.
 */
const pickAnswer = () =>
  Array.from(
    { length: CAPTCHA_RULES.length },
    () => CAPTCHA_RULES.alphabet[randomInt(CAPTCHA_RULES.alphabet.length)],
  ).join('');

const WIDTH = 120;
const HEIGHT = 44;

/**
 * Challenges live in the database, so an answer checks on whichever process receives it. The answer is
 * stored as an HMAC keyed with a secret outside the database (with the challenge id in it, so equal answers
 * do not look equal): a copy of the table does not give the live answers away.
 */
export const createCaptchaChallenges = (
  db: Db,
  now: () => Date,
  key: () => Promise<Buffer>,
  testAnswersDir?: string,
): CaptchaChallenges => {
  const hashOf = async (id: string, answer: string) =>
    createHmac('sha256', await key())
      .update(`captcha:${id}:${answer.trim().toUpperCase()}`)
      .digest('hex');

  return {
    async issue() {
      const current = now();
      const captchaId = randomBytes(18).toString('base64url');
      const answer = pickAnswer();
      await db.kysely.deleteFrom('captchaChallenge').where('expiresTime', '<=', current.toISOString()).execute();
      await db.kysely
        .insertInto('captchaChallenge')
        .values({
          id: captchaId,
          answerHash: await hashOf(captchaId, answer),
          createTime: current.toISOString(),
          expiresTime: new Date(current.getTime() + CAPTCHA_RULES.validMs).toISOString(),
        })
        .execute();
      if (testAnswersDir) {
        await fs.appendFile(path.join(testAnswersDir, CAPTCHA_TEST_ANSWERS_FILE), `${captchaId} ${answer}\n`);
      }
      const svg = drawText(answer, { width: WIDTH, height: HEIGHT, fontSize: 46, noise: 2 });
      return { captchaId, svg };
    },
    async consume(captchaId, answer) {
      const current = now().toISOString();
      // Deleted before it is compared, in one statement: two requests carrying the same answer cannot both
      // find the row, on any process.
      const row = await db.kysely
        .deleteFrom('captchaChallenge')
        .where('id', '=', captchaId)
        .returning(['answerHash', 'expiresTime'])
        .executeTakeFirst();
      if (!row || row.expiresTime <= current) return false;
      return safeEqual(row.answerHash, await hashOf(captchaId, answer));
    },
  };
};
