import type { Download, Locator, Page } from 'playwright-core';
import { waitForModalToSettle } from './browser';
import { callAs, EXAM_SITE_CARD, logIn } from './creditBank';
import type { RunningSite } from './site';

/** Steps the match browser tests share: the school's teams, the editor's member picker, the organiser's review. */

export const MATCH_WORKBENCH = '/api/creditBank/institution/match';

export interface MatchTeamFile {
  id: number;
  kind: string;
  fileName: string;
  durationSeconds: number | null;
}

/** A team's detail as the institution's own calls answer it (the fields these tests read). */
export interface MatchTeam {
  id: number;
  name: string;
  coach: string;
  state: string;
  returnReason: string;
  members: { cardNo: string; name: string }[];
  files: MatchTeamFile[];
  missing: string[];
}

/** The logged-in institution's team of that name, read with its own token. */
export const ownTeam = async (page: Page, name: string): Promise<MatchTeam> => {
  const list = (await callAs(page, 'GET', `${MATCH_WORKBENCH}/teams?pageNum=1&pageSize=50`)).data as {
    list: { id: number; name: string }[];
  };
  const summary = list.list.find((team) => team.name === name);
  if (!summary) throw new Error(`no team ${name}: ${JSON.stringify(list.list)}`);
  return (await callAs(page, 'GET', `${MATCH_WORKBENCH}/teams/${summary.id}`)).data as MatchTeam;
};

/** A download's bytes: the browser runs apart from the test, so they come over its connection. */
export const downloadedBytes = async (download: Download) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The 赛事报名 card of the workbench. */
export const registrationCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: '赛事报名' }) });

/**
 * The organiser (the exam site's account, 北京市青少年科技活动中心, with its second factor) on its workbench: its
 * 赛事审核 card once it lists the event. The account is an operator as well and may land on another page first.
 */
export const openOrganiserCard = async (page: Page, site: RunningSite, eventId: number) => {
  await logIn(page, site, EXAM_SITE_CARD, true);
  if (!page.url().endsWith('/creditBank/institution')) await page.goto(`${site.url}/creditBank/institution`);
  const card = page.getByTestId('organiser-card');
  await card.getByTestId(`review-event-${eventId}`).waitFor({ timeout: 30_000 });
  return card;
};

/** In the organiser's opened team, 退回 with a reason, once the notice says the school will read it. */
export const returnTeam = async (page: Page, card: Locator, teamName: string, reason: string) => {
  await card.getByTestId('review-return').click();
  await waitForModalToSettle(page);
  const dialog = page.getByRole('dialog', { name: '退回报名' });
  await dialog.getByLabel('退回原因').fill(reason);
  await dialog.getByRole('button', { name: /确认退回/ }).click();
  await card.getByTestId('match-review-notice').getByText(`已退回“${teamName}”，学校将看到退回原因`).waitFor();
};

/**
 * Adds a pupil to the team in the editor by typing the name into the member picker and choosing the pupil, until
 * the chosen list shows them: on a loaded machine the click can land while the list is still opening.
 */
export const addMember = async (page: Page, drawer: Locator, name: string) => {
  const chosen = drawer.getByRole('list', { name: '已选队员' }).getByText(new RegExp(`^${name}（`));
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const picker = drawer.getByLabel('添加队员（按姓名或卡号搜索本机构人员）');
    await picker.click();
    await picker.fill(name);
    await page
      .locator(`.ant-select-item-option[title^="${name}（"]`)
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    if (
      await chosen.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  await chosen.waitFor();
};
