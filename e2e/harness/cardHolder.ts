import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, type RunningSite } from './site';

/** The phone's lines in the demo's SMS outbox (lines `time phone code`), oldest first. */
const outboxLines = async (site: RunningSite, phone: string) =>
  (await fs.readFile(path.join(site.dataDir, 'sms-outbox.log'), 'utf8').catch(() => ''))
    .split('\n')
    .filter((entry) => entry.split(' ')[1] === phone);

/** How many codes the demo's SMS outbox holds for the phone. */
export const outboxCount = async (site: RunningSite, phone: string) => (await outboxLines(site, phone)).length;

/** The last code the demo's SMS outbox holds for the phone, once it holds more than `after` of them. */
export const codeFromOutbox = async (site: RunningSite, phone: string, after = 0) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const lines = await outboxLines(site, phone);
    if (lines.length > after) return lines.at(-1)?.split(' ')[2] ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${phone} in the outbox`);
};

/**
 * Logs a card in with its password on the log-in page already open (the card-number tab). An institution or
 * operator card then asks for its code: `answerPortalStep` (./secondFactor.ts) answers it.
 */
export const cardLogIn = async (page: Page, cardNo: string, password = E2E_PASSWORD) => {
  await page.getByLabel('卡号', { exact: true }).fill(cardNo);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('密码', { exact: true }).press('Enter');
};

/** A partner's server exchanging a single sign-on code for the holder it names, as `ssoReturn` asked for it. */
export const exchangeSsoCode = (siteUrl: string, code: string, ssoReturn: string) =>
  fetch(`${siteUrl}/card/ssoGetUser`, {
    method: 'POST',
    headers: { authorization: code, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ssoReturn }).toString(),
  });
