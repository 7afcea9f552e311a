import fs from 'node:fs/promises';
import path from 'node:path';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { type RunningSite, startedDataDirs } from './site';

/**
 * Secrets enrolled during a run (an account made privileged by a test enrols at its first log-in), by site
 * and account, so its later log-ins compute their codes too.
 */
const enrolledInRun = new Map<string, string>();
const keyOf = (site: RunningSite, account: string) => `${site.dataDir}\t${account}`;

/**
 * The base32 TOTP secret of a demo account, as `demo-credentials.txt` lists it beside the password
 * (`account \t password \t secret \t role`), or one this run enrolled.
 */
export const secretOf = async (site: RunningSite, account: string): Promise<string | undefined> => {
  const known = enrolledInRun.get(keyOf(site, account));
  if (known) return known;
  // The site's own list first; then those of the other servers this file started (on a shared database only
  // the server that seeded it wrote one).
  for (const dataDir of [site.dataDir, ...[...startedDataDirs].reverse()]) {
    const text = await fs.readFile(path.join(dataDir, 'demo-credentials.txt'), 'utf8').catch(() => '');
    const secret = text
      .split('\n')
      .find((line) => line.startsWith(`${account}\t`))
      ?.split('\t')[2];
    if (secret && /^[A-Z2-7]+=*$/.test(secret)) return secret;
  }
  return undefined;
};

const TOTP_PERIOD_MS = 30_000;
/** The time step of the last code this run answered for each secret. */
const usedSteps = new Map<string, number>();

/**
 * The code an authenticator app shows for the secret, one this run has not used: a code works once, so a
 * second log-in within its 30 seconds answers the next step's code (the server takes a step either side of
 * its own), and a third waits for the next step, as a person would.
 */
export const codeFor = async (secret: string): Promise<string> => {
  const now = Date.now();
  const current = Math.floor(now / TOTP_PERIOD_MS);
  const step = Math.max(current, (usedSteps.get(secret) ?? Number.NEGATIVE_INFINITY) + 1);
  if (step > current + 1) {
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * TOTP_PERIOD_MS - now + 100));
    return await codeFor(secret);
  }
  usedSteps.set(secret, step);
  return generateSync({ secret, epoch: (step * TOTP_PERIOD_MS) / 1000 });
};

/** The current code of a demo account; throws when the account has no second factor. */
export const demoCode = async (site: RunningSite, account: string) => {
  const secret = await secretOf(site, account);
  if (!secret) throw new Error(`${account} has no second factor in ${site.dataDir}`);
  return await codeFor(secret);
};

/**
 * Answers the portal's second log-in step on the page: the enrolment's secret when the step offers one
 * (remembered for the account's later log-ins), else the account's known secret; then the recovery codes,
 * if an enrolment showed them, are acknowledged.
 */
export const answerPortalStep = async (page: Page, site: RunningSite, account: string) => {
  const field = page.getByLabel('动态口令', { exact: true });
  await field.waitFor();
  const shown = page.getByTestId('second-factor-secret');
  let secret: string | undefined;
  const enrolling = (await shown.count()) > 0;
  if (enrolling) {
    secret = (await shown.first().textContent())?.trim();
    if (secret) enrolledInRun.set(keyOf(site, account), secret);
  } else {
    secret = await secretOf(site, account);
  }
  if (!secret) throw new Error(`no second factor known for ${account}`);
  await field.fill(await codeFor(secret));
  await page.getByTestId('second-factor-submit').click();
  // An enrolment shows the recovery codes once, before the log-in goes on.
  if (enrolling) await page.getByRole('button', { name: '我已保存，继续' }).click();
};
