import { createHmac, pbkdf2, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CAPTCHA_RULES, type CaptchaProofChallenge } from '@lianmeng/core';
import { type Challenge, createChallenge, type Payload, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../db/database';
import { safeEqual } from '../../security/tokens';
import { drawChallengeImage } from './rasterImage';

export interface CaptchaChallenges {
  /** A new challenge: its id, its picture (a WebP data address) and the proof of work to solve. */
  issue(): Promise<{ captchaId: string; image: string; proof: CaptchaProofChallenge }>;
  /**
   * True for the right answer to the picture with a solved proof of work of the same challenge, within the
   * challenge's lifetime; the challenge is gone after any answer.
   */
  consume(captchaId: string, answer: string, proof: string): Promise<boolean>;
}

/** Where the whole-system tests read the answers from, when the test-only switch is on. */
export const CAPTCHA_TEST_ANSWERS_FILE = 'captcha-answers.log';

/**
 * The answer is picked with the crypto generator from an alphabet without look-alike characters.
 */
const pickAnswer = () =>
  Array.from(
    { length: CAPTCHA_RULES.length },
    () => CAPTCHA_RULES.alphabet[randomInt(CAPTCHA_RULES.alphabet.length)],
  ).join('');

const pbkdf2Async = promisify(pbkdf2);

/** The proof's payload as the browser sends it (base64 of JSON), or null when it is not one. */
const parseProof = (proof: string): Payload | null => {
  try {
    const parsed = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Payload;
    if (typeof parsed?.challenge?.parameters !== 'object' || typeof parsed?.solution !== 'object') return null;
    return parsed;
  } catch {
    return null;
  }
};

/**
 * Challenges live in the database, so an answer checks on whichever process receives it. The answer is
 * stored as an HMAC keyed with a secret outside the database (with the challenge id in it, so equal answers
 * do not look equal): a copy of the table does not give the live answers away. The proof of work is signed
 * with secrets derived from the same key and names the challenge's id in its signed data, so one solved
 * proof serves one challenge, once.
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
  const secret = async (purpose: string) =>
    createHmac('sha256', await key())
      .update(purpose)
      .digest('hex');
  const proofSecrets = async () => ({
    hmacSignatureSecret: await secret('captcha-proof:signature'),
    hmacKeySignatureSecret: await secret('captcha-proof:key-signature'),
  });

  /** The solved payload for a challenge whose counter is known: only for the test-only answers file. */
  const solvedForTests = async (challenge: Challenge, counter: number) => {
    const { nonce, salt, cost, keyLength } = challenge.parameters;
    const password = Buffer.alloc(nonce.length / 2 + 4);
    Buffer.from(nonce, 'hex').copy(password);
    password.writeUInt32BE(counter, nonce.length / 2);
    const derivedKey = await pbkdf2Async(password, Buffer.from(salt, 'hex'), cost, keyLength, 'sha256');
    const payload: Payload = { challenge, solution: { counter, derivedKey: derivedKey.toString('hex') } };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  };

  return {
    async issue() {
      const current = now();
      const captchaId = randomBytes(18).toString('base64url');
      const answer = pickAnswer();
      const expires = new Date(current.getTime() + CAPTCHA_RULES.validMs);
      const counter = randomInt(CAPTCHA_RULES.proof.counterMin, CAPTCHA_RULES.proof.counterMax);
      const proof = await createChallenge({
        algorithm: CAPTCHA_RULES.proof.algorithm,
        cost: CAPTCHA_RULES.proof.cost,
        counter,
        deriveKey,
        data: { captchaId },
        expiresAt: expires,
        ...(await proofSecrets()),
      });
      await db.kysely.deleteFrom('captchaChallenge').where('expiresTime', '<=', current.toISOString()).execute();
      await db.kysely
        .insertInto('captchaChallenge')
        .values({
          id: captchaId,
          answerHash: await hashOf(captchaId, answer),
          createTime: current.toISOString(),
          expiresTime: expires.toISOString(),
        })
        .execute();
      if (testAnswersDir) {
        const line = `${captchaId} ${answer} ${await solvedForTests(proof, counter)}\n`;
        await fs.appendFile(path.join(testAnswersDir, CAPTCHA_TEST_ANSWERS_FILE), line);
      }
      const image = `data:image/webp;base64,${(await drawChallengeImage(answer)).toString('base64')}`;
      return { captchaId, image, proof: { parameters: { ...proof.parameters }, signature: proof.signature ?? '' } };
    },
    async consume(captchaId, answer, proof) {
      const current = now().toISOString();
      // Deleted before it is compared, in one statement: two requests carrying the same answer cannot both
      // find the row, on any process.
      const row = await db.kysely
        .deleteFrom('captchaChallenge')
        .where('id', '=', captchaId)
        .returning(['answerHash', 'expiresTime'])
        .executeTakeFirst();
      if (!row || row.expiresTime <= current) return false;
      if (!safeEqual(row.answerHash, await hashOf(captchaId, answer))) return false;
      const payload = parseProof(proof);
      if (payload?.challenge.parameters.data?.captchaId !== captchaId) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          ...(await proofSecrets()),
        });
        return result.verified;
      } catch {
        // A payload of the wrong shape (a counter out of range, an unknown algorithm) is a wrong answer.
        return false;
      }
    },
  };
};
