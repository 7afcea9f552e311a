import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { openPage, SKIP_REASON, waitForHydration, waitForModalToSettle } from '../harness/browser';
import { consoleCall, signIn, signInThroughPage } from '../harness/consoleApi';
import {
  beijingDay,
  callWithStatus,
  DESK,
  fitsWidth,
  logIn,
  OPERATOR,
  PHONE,
  PUPIL,
  SCHOOL,
  SCHOOL_ACCOUNT,
} from '../harness/creditBank';
import {
  addMember,
  downloadedBytes,
  type MatchTeam,
  openOrganiserCard,
  ownTeam,
  registrationCard,
  returnTeam,
  MATCH_WORKBENCH as WORKBENCH,
} from '../harness/match';
import type { RunningSite } from '../harness/site';
import { withSiteDatabase } from '../harness/siteDatabase';
import { useSiteAndBrowser } from '../harness/suite';

/**
 * Issue 31 "done when": one match season in a browser, from the event to the pupil's credit. The editor creates
 * an event in the console; two schools register a team each, the organiser returns one, the school mends and
 * resubmits it, the organiser approves both; the window closes and a late edit is refused; the organiser fills
 * the downloaded results sheet, imports and publishes it; the second school objects to the first school's
 * result and the organiser's answer shows on the public 公示 page; the objection period ends; an operator makes
 * the results final; the demo learner finds the credit with its provenance and the certificate, whose PDF carries
 * the approval number, the required words and a QR; a visitor opens that QR and checks the certificate by the
 * learner's name. The steps share one site and run in order, at a phone's and a desk's width in turn.
 */

/** The event's season: this Beijing year. */
const SEASON = beijingDay(0).slice(0, 4);
const EVENT_NAME = `${SEASON} 年机器人运动会（全程测试赛区）`;
const APPROVAL = `体联赛〔${SEASON}〕31号`;
/** The organiser: the demo exam site, whose account is demo card 10000002 (an operator as well). */
const ORGANISER = '北京市青少年科技活动中心';
const CATALOGUE_ITEM = '机器人运动会（常规类）市级';
/** The item both schools enter: it asks for no attachments, so a team is complete once it has its members. */
const QUICK_ITEM = '机器人搬运';
const REPORT_ITEM = '机器人足球';
const OBJECTION_DAYS = 3;

/** The second school: 上海市育才小学, its account demo card 10000004; the demo gives it no pupils. */
const OTHER_SCHOOL = { account: '10000004', name: '上海市育才小学' };
/** The pupils the second school's roster opens cards for in setup, with the class the roster gives them. */
const OTHER_PUPILS = ['陈思远', '林若溪', '周子航'] as const;
const OTHER_GRADE = '五年级1班';
/** The demo school's second pupil beside the demo learner (apps/server/src/db/seed/teams.ts). */
const CLASSMATE = { cardNo: '10000011', name: '王小明' };

const TEAM_A = '一中启航队';
const TEAM_B = '育才星火队';
const RETURN_REASON = '本校报名表列有三名队员，队伍只选了两名，请补充后重新提交';
const OBJECTION = '该队决赛中机器人尺寸超出规则限制，请核查成绩';
/** The members of the two teams with an award: 2 and 3, a certificate each once the results are final. */
const AWARDED = 5;
const ANSWER = '经裁判组复核比赛录像，该队机器人尺寸符合规则，维持原成绩';

const TIMEOUT = 180_000;

/** A Beijing wall-clock time `offsetMs` from now, as a `datetime-local` field takes it (YYYY-MM-DDTHH:mm). */
const beijingInput = (offsetMs: number) => new Date(Date.now() + 8 * 3_600_000 + offsetMs).toISOString().slice(0, 16);

/**
 * Screenshots for a person to look at, taken only when `E2E_SCREENSHOTS` names a folder: the screen as it is, or
 * one part of the page (`part`) whole.
 */
const screenshot = async (page: Page, name: string, part?: Locator) => {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await fs.mkdir(folder, { recursive: true });
  // Past a drawer's slide and the buttons' wave.
  await page.waitForTimeout(500);
  const file = path.join(folder, `season-${name}.png`);
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
};

/** The page fits its width and axe finds nothing serious on it. */
const checkScreen = async (page: Page) => {
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
};

/** An institution account's workbench, logged in (with its code), once it names its institution. */
const openWorkbenchOf = async (page: Page, site: RunningSite, account: string, institution: string) => {
  await logIn(page, site, account, true);
  // The exam site's account is an operator as well: it may land on the review workbench.
  if (!page.url().endsWith('/creditBank/institution')) await page.goto(`${site.url}/creditBank/institution`);
  await page.getByTestId('institution-name').getByText(institution).waitFor({ timeout: 30_000 });
};

/** Registers a new team for the quick item from the event's entry in 可报名赛事, and submits it. */
const registerTeam = async (page: Page, eventId: number, name: string, coach: string, members: readonly string[]) => {
  const card = registrationCard(page);
  const event = card.getByTestId(`registration-event-${eventId}`);
  await event.waitFor({ timeout: 30_000 });
  await event.scrollIntoViewIfNeeded();
  await event.getByRole('button', { name: `报名 ${QUICK_ITEM}` }).click();
  const drawer = page.getByRole('dialog', { name: '新建参赛队伍' });
  await drawer.getByLabel('队名').fill(name);
  await drawer.getByLabel('指导教师').fill(coach);
  for (const member of members) await addMember(page, drawer, member);
  await drawer
    .getByTestId('member-count')
    .getByText(new RegExp(`^已选 ${members.length} 人`))
    .waitFor();
  await drawer.getByTestId('team-save').click();
  const saved = page.getByRole('dialog', { name: `队伍：${name}` });
  await saved.getByText('本项目无需上传材料。').waitFor({ timeout: 30_000 });
  await saved.getByTestId('team-complete').waitFor();
  return saved;
};

/** Submits the team open in the editor and waits for the server's word. */
const submitTeam = async (drawer: Locator) => {
  await drawer.getByTestId('team-submit').click();
  await drawer.getByTestId('team-done').getByText('已提交报名，等待承办单位审核').waitFor({ timeout: 30_000 });
};

/** A roster of the given pupils as a UTF-8 CSV with the template's header (ROSTER_COLUMNS). */
const rosterCsv = (names: readonly string[]) =>
  [
    '姓名,性别,出生日期,年级/班级,本人手机,监护人手机',
    ...names.map(
      (name, index) =>
        `${name},${index % 2 ? '女' : '男'},2015-0${index + 3}-1${index},${OTHER_GRADE},,1391234810${index}`,
    ),
  ].join('\n');

/** Sends a file as the one `file` part of a workbench upload, with the logged-in card's own token. */
const postFile = (page: Page, url: string, fileName: string, text: string) =>
  page.evaluate(
    async ({ url, fileName, text }) => {
      const form = new FormData();
      form.append('file', new File([text], fileName, { type: 'text/csv' }));
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: window.localStorage.getItem('token') ?? '' },
        body: form,
      });
      return { http: response.status, envelope: (await response.json()) as { status: number; data: unknown } };
    },
    { url, fileName, text },
  );

const run = promisify(execFile);

/**
 * What a PDF says to the tools a reader has: its text (poppler's pdftotext) and the QR codes on its first page
 * (rendered at 150 dpi by pdftoppm, read by zbarimg), as the server suite reads its proofs
 * (apps/server/src/domains/proofs/proofTestKit.ts).
 */
const readPdf = async (pdf: Buffer) => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lianmeng-season-pdf-'));
  try {
    const file = path.join(folder, 'certificate.pdf');
    await fs.writeFile(file, pdf);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
    const image = path.join(folder, 'page');
    await run('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', '-singlefile', file, image]);
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', `${image}.png`]);
    return { text, qrCodes: stdout.split('\n').filter(Boolean) };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
};

interface PublicResults {
  results: { teamId: number; teamName: string; institutionName: string; members: string[]; awardLabel: string }[];
  objections: { receivedDate: string; answeredDate: string | null; answer: string | null }[];
  objectionDeadline: string | null;
}

/** The event's public results, as any visitor's call gets them. */
const publicResults = async (site: RunningSite, eventId: number) => {
  const response = await fetch(`${site.url}/api/match/events/${eventId}/results`);
  return ((await response.json()) as { data: PublicResults }).data;
};

describe.skipIf(SKIP_REASON)(
  'a match season: event, registration, results, objection, final results, certificate and credit',
  () => {
    const env = useSiteAndBrowser();
    const state: {
      eventId?: number;
      teamA?: MatchTeam;
      teamB?: MatchTeam;
      certificateNo?: string;
      qrAddress?: string;
    } = {};
    const eventId = () => state.eventId as number;

    it(
      'the editor creates the event in the console: organiser, approval number, a window closing soon, two items',
      async () => {
        const { page, errors } = await signInThroughPage(env.browser, env.site, 'editor', '/events/create');
        await page.getByLabel(/赛事名称/).fill(EVENT_NAME);
        await page.getByLabel(/赛季/).fill(SEASON);
        await page.getByRole('combobox', { name: /^类别/ }).click();
        await page.getByRole('option', { name: '常规类' }).click();
        await page.getByRole('combobox', { name: /^级别/ }).click();
        await page.getByRole('option', { name: '市级' }).click();
        await page.getByRole('combobox', { name: /承办单位/ }).fill('科技活动');
        await page.getByRole('option', { name: new RegExp(ORGANISER) }).click();
        await page.getByLabel(/批准文号/).fill(APPROVAL);
        await page.getByLabel(/赛事简介/).fill('全程测试：报名、审核、成绩公示、异议与证书。');
        // Open since a few minutes ago, closing in a quarter of an hour: the steps below close it sooner.
        const closes = beijingInput(15 * 60_000);
        await page.getByLabel(/报名开始/).fill(beijingInput(-10 * 60_000));
        await page.getByLabel(/报名截止/).fill(closes);
        await page.getByLabel(/成绩公布日期/).fill(closes.slice(0, 10));
        await page.getByLabel(/公示期/).fill(String(OBJECTION_DAYS));
        await page.getByRole('combobox', { name: /学分项目/ }).click();
        await page.getByRole('option', { name: CATALOGUE_ITEM }).click();
        // The first item, as a new event starts with it: one to three members, no attachments.
        await page
          .getByLabel(/项目名称/)
          .first()
          .fill(QUICK_ITEM);
        await page
          .getByLabel(/最多人数/)
          .first()
          .fill('3');
        // A second item, asking for a design report.
        await page.getByRole('button', { name: /添加/ }).click();
        await page
          .getByLabel(/项目名称/)
          .nth(1)
          .fill(REPORT_ITEM);
        await page
          .getByLabel(/最多人数/)
          .nth(1)
          .fill('5');
        await page
          .getByLabel(/最少人数/)
          .nth(1)
          .fill('3');
        await page
          .getByLabel(/需设计报告/)
          .nth(1)
          .check();
        await page.getByLabel(/^公开/).check();
        await screenshot(page, 'desk-console-event');
        await page.getByRole('button', { name: /保存/ }).click();

        const listed = async () => {
          const response = await fetch(`${env.site.url}/api/match/events?pageNum=1&pageSize=50`);
          const list = ((await response.json()) as { data: { list: { id: number; name: string }[] } }).data.list;
          return list.find((event) => event.name === EVENT_NAME)?.id;
        };
        await expect.poll(listed, { timeout: 15_000 }).toBeTypeOf('number');
        state.eventId = (await listed()) as number;
        expect(errors).toEqual([]);

        // As saved: the organiser, the period, the items with their sizes and attachments.
        const session = await signIn(env.site, 'editor');
        const record = await consoleCall<Record<string, unknown>>(
          env.site,
          session,
          `/lianmeng/api/events/${eventId()}`,
        );
        expect(record.status).toBe(200);
        expect(record.body.data).toMatchObject({
          approvalNo: APPROVAL,
          objectionDays: OBJECTION_DAYS,
          visible: true,
          items: [
            {
              name: QUICK_ITEM,
              minMembers: 1,
              maxMembers: 3,
              needsReport: false,
              needsPhotos: false,
              needsVideo: false,
            },
            {
              name: REPORT_ITEM,
              minMembers: 3,
              maxMembers: 5,
              needsReport: true,
              needsPhotos: false,
              needsVideo: false,
            },
          ],
        });

        // The public page on a phone: open for registration, the organiser, the approval number, both items.
        const { page: visitor, errors: visitorErrors } = await openPage(env.browser, { viewport: PHONE });
        const answer = await visitor.goto(`${env.site.url}/match/event/${eventId()}`);
        expect(answer?.status()).toBe(200);
        await visitor.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor();
        const text = (await visitor.textContent('main')) ?? '';
        for (const expected of [APPROVAL, ORGANISER, QUICK_ITEM, REPORT_ITEM, '报名中'])
          expect(text).toContain(expected);
        await waitForHydration(visitor);
        await checkScreen(visitor);
        await screenshot(visitor, 'phone-event-registering');
        expect(visitorErrors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a phone the demo school registers a team with the demo learner and a classmate, and submits it',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: PHONE });
        await openWorkbenchOf(page, env.site, SCHOOL_ACCOUNT, SCHOOL);
        const event = registrationCard(page).getByTestId(`registration-event-${eventId()}`);
        await event.waitFor({ timeout: 30_000 });
        expect(await event.textContent()).toContain(ORGANISER);
        await checkScreen(page);

        const drawer = await registerTeam(page, eventId(), TEAM_A, '刘老师', [PUPIL.name, CLASSMATE.name]);
        await checkScreen(page);
        await screenshot(page, 'phone-team-a');
        await submitTeam(drawer);

        const team = await ownTeam(page, TEAM_A);
        expect(team.state).toBe('submitted');
        expect(team.members.map((member) => member.cardNo)).toEqual([PUPIL.cardNo, CLASSMATE.cardNo]);
        state.teamA = team;
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a desktop the second school opens cards for three pupils (setup) and registers a team of two of them',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: DESK });
        await openWorkbenchOf(page, env.site, OTHER_SCHOOL.account, OTHER_SCHOOL.name);

        // Setup: the demo gives this school no pupils; its roster opens their cards (not yet activated, which a
        // team may hold: a school registers pupils whose guardians have not activated yet).
        const roster = rosterCsv(OTHER_PUPILS);
        const preview = await postFile(page, '/api/creditBank/institution/roster/preview', '名单.csv', roster);
        expect(preview.http, `${JSON.stringify(preview.envelope)}\n${env.site.output()}`).toBe(200);
        expect(preview.envelope.data).toMatchObject({ total: 3, newCount: 3, refusedCount: 0 });
        const commit = await postFile(page, '/api/creditBank/institution/roster/commit', '名单.csv', roster);
        expect(commit.http, `${JSON.stringify(commit.envelope)}\n${env.site.output()}`).toBe(200);
        expect(commit.envelope.data).toMatchObject({ opened: 3, alreadyCommitted: false });

        const drawer = await registerTeam(page, eventId(), TEAM_B, '陈老师', OTHER_PUPILS.slice(0, 2));
        await checkScreen(page);
        await screenshot(page, 'desk-team-b');
        await submitTeam(drawer);
        const team = await ownTeam(page, TEAM_B);
        expect(team.state).toBe('submitted');
        expect(team.members.map((member) => member.name)).toEqual(OTHER_PUPILS.slice(0, 2));
        state.teamB = team;
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      "on a desktop the organiser approves the demo school's team and returns the second school's with a reason",
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: DESK });
        const card = await openOrganiserCard(page, env.site, eventId());
        expect(await card.getByTestId(`review-counts-${eventId()}`).textContent()).toBe(
          '待审核 2 · 已退回 0 · 已通过 0',
        );
        await checkScreen(page);
        await card.getByRole('button', { name: `查看报名队伍：${EVENT_NAME}` }).click();

        // The demo school's team: its members by masked name only; approved.
        await card.getByRole('button', { name: `审核 ${TEAM_A}` }).click();
        await card.getByRole('heading', { level: 3, name: `${SCHOOL} · ${TEAM_A}` }).waitFor();
        const members = card.getByTestId('review-members');
        await expect.poll(() => members.locator('li').allTextContents()).toHaveLength(2);
        const shown = (await members.textContent()) ?? '';
        expect(shown).toContain('李*');
        expect(shown).toContain('王*明');
        expect(shown).not.toContain(CLASSMATE.name);
        await checkScreen(page);
        await screenshot(page, 'desk-review-team-a', card);
        await card.getByTestId('review-approve').click();
        await card.getByTestId('match-review-notice').getByText(`已通过“${TEAM_A}”的报名`).waitFor();

        // The second school's team: returned, with the reason the school will read.
        await card.getByRole('button', { name: `审核 ${TEAM_B}` }).click();
        await card.getByRole('heading', { level: 3, name: `${OTHER_SCHOOL.name} · ${TEAM_B}` }).waitFor();
        await returnTeam(page, card, TEAM_B, RETURN_REASON);
        await expect
          .poll(() => card.getByTestId('review-event-counts').textContent())
          .toBe('待审核 0 · 已退回 1 · 已通过 1');
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a phone the second school reads the reason, adds the third pupil and resubmits',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: PHONE });
        await openWorkbenchOf(page, env.site, OTHER_SCHOOL.account, OTHER_SCHOOL.name);
        const card = registrationCard(page);
        const id = (state.teamB as MatchTeam).id;
        await card.getByRole('tab', { name: '我的队伍' }).click();
        await card.getByTestId(`return-reason-${id}`).getByText(`退回原因：${RETURN_REASON}`).waitFor();
        await checkScreen(page);

        await card.getByRole('button', { name: `编辑 ${TEAM_B}` }).click();
        const drawer = page.getByRole('dialog', { name: `队伍：${TEAM_B}` });
        await drawer.getByTestId('editor-return-reason').getByText(RETURN_REASON).waitFor();
        await addMember(page, drawer, OTHER_PUPILS[2]);
        await drawer.getByTestId('team-save').click();
        await drawer.getByTestId('team-done').getByText('修改已保存').waitFor();
        await checkScreen(page);
        await screenshot(page, 'phone-team-b-mended');
        await submitTeam(drawer);

        const team = await ownTeam(page, TEAM_B);
        expect(team.state).toBe('submitted');
        expect(team.members.map((member) => member.name)).toEqual([...OTHER_PUPILS]);
        state.teamB = team;
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a phone the organiser approves the resubmitted team: both teams are in',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: PHONE });
        const card = await openOrganiserCard(page, env.site, eventId());
        expect(await card.getByTestId(`review-counts-${eventId()}`).textContent()).toBe(
          '待审核 1 · 已退回 0 · 已通过 1',
        );
        await card.getByRole('button', { name: `查看报名队伍：${EVENT_NAME}` }).click();
        await card.getByRole('button', { name: `审核 ${TEAM_B}` }).click();
        await card.getByRole('heading', { level: 3, name: `${OTHER_SCHOOL.name} · ${TEAM_B}` }).waitFor();
        await expect.poll(() => card.getByTestId('review-members').locator('li').count()).toBe(3);
        await checkScreen(page);
        await screenshot(page, 'phone-review-team-b', card);
        await card.getByTestId('review-approve').click();
        await card.getByTestId('match-review-notice').getByText(`已通过“${TEAM_B}”的报名`).waitFor();
        await expect
          .poll(() => card.getByTestId('review-event-counts').textContent())
          .toBe('待审核 0 · 已退回 0 · 已通过 2');
        await checkScreen(page);
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'the window closes: a late edit is refused with 409 and the team is read-only in the page',
      async () => {
        // The close is moved to a minute ago through the console's API, as an editor could; the server judges
        // every edit on its own clock.
        const session = await signIn(env.site, 'editor');
        const url = `/lianmeng/api/events/${eventId()}`;
        const record = await consoleCall<Record<string, unknown>>(env.site, session, url);
        const closed = await consoleCall(env.site, session, url, {
          method: 'PUT',
          body: { ...record.body.data, registrationCloses: new Date(Date.now() - 60_000).toISOString() },
        });
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);

        const { page, errors } = await openPage(env.browser, { viewport: DESK });
        await openWorkbenchOf(page, env.site, SCHOOL_ACCOUNT, SCHOOL);
        const team = state.teamA as MatchTeam;
        const late = await callWithStatus(page, 'PUT', `${WORKBENCH}/teams/${team.id}`, {
          name: team.name,
          coach: '迟到的老师',
          members: team.members.map((member) => member.cardNo),
        });
        expect(late.http).toBe(409);
        expect(late.envelope?.message).toMatch(/^报名已于 \d{4}-\d\d-\d\d \d\d:\d\d（北京时间）截止，不能再修改$/);
        expect((await ownTeam(page, TEAM_A)).coach).toBe(team.coach);

        const card = registrationCard(page);
        await card
          .getByTestId(`registration-event-${eventId()}`)
          .getByText('当前不在报名时间内，不能新建队伍。')
          .waitFor({ timeout: 30_000 });
        await card.getByRole('tab', { name: '我的队伍' }).click();
        await card.getByRole('button', { name: `查看 ${TEAM_A}` }).click();
        const drawer = page.getByRole('dialog', { name: `队伍：${TEAM_A}` });
        await drawer.getByTestId('team-closed').getByText('报名已截止，队伍信息和材料不能再修改').waitFor();
        expect(await drawer.getByLabel('指导教师').isDisabled()).toBe(true);
        expect(await drawer.getByTestId('team-save').count()).toBe(0);
        expect(await drawer.getByTestId('team-submit').count()).toBe(0);
        await checkScreen(page);
        await screenshot(page, 'desk-team-a-closed');
        // The browser logs the refused edit above; nothing else went wrong.
        expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a desktop the organiser downloads the results sheet, fills it, imports it (each row checked) and publishes',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: DESK });
        const card = await openOrganiserCard(page, env.site, eventId());
        await card.getByRole('button', { name: `成绩录入：${EVENT_NAME}` }).click();
        const panel = card.getByTestId('results-panel');
        await panel.getByRole('heading', { name: `成绩录入：${EVENT_NAME}` }).waitFor();
        await checkScreen(page);

        // The template, a real download: every admitted team, its number, item, name and school.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          panel.getByTestId('result-import-template').click(),
        ]);
        expect(download.suggestedFilename()).toBe(`赛事${eventId()}成绩表.xlsx`);
        const book = new ExcelJS.Workbook();
        // exceljs takes the bytes as an ArrayBuffer.
        await book.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer);
        const sheet = book.worksheets[0];
        if (!sheet) throw new Error('the template has no sheet');
        const cellText = (row: number, column: number) => String(sheet.getRow(row).getCell(column).value ?? '');
        const header = [1, 2, 3, 4, 5, 6].map((column) => cellText(1, column));
        expect(header).toEqual(['队伍编号', '项目', '队名', '学校', '名次', '奖项']);
        const rows = [2, 3].map((row) => [1, 2, 3, 4].map((column) => cellText(row, column)));
        expect(rows.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
          [
            [String((state.teamA as MatchTeam).id), QUICK_ITEM, TEAM_A, SCHOOL],
            [String((state.teamB as MatchTeam).id), QUICK_ITEM, TEAM_B, OTHER_SCHOOL.name],
          ].sort((a, b) => Number(a[0]) - Number(b[0])),
        );
        expect(sheet.rowCount).toBe(3);

        // Filled as the organiser would: first place 一等奖 to the demo school, second 二等奖 to the other.
        for (const row of [2, 3]) {
          const first = cellText(row, 3) === TEAM_A;
          sheet.getRow(row).getCell(5).value = first ? '1' : '2';
          sheet.getRow(row).getCell(6).value = first ? '一等奖' : '二等奖';
          sheet.getRow(row).commit();
        }
        const filled = Buffer.from(await book.xlsx.writeBuffer());
        await panel.getByTestId('result-import').locator('input[type="file"]').setInputFiles({
          name: '成绩表.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: filled,
        });
        const preview = panel.getByTestId('result-import-preview');
        await preview.or(panel.getByTestId('result-import-refusal')).waitFor({ timeout: 30_000 });
        expect(await panel.getByTestId('result-import-refusal').count()).toBe(0);
        await preview.getByText('共 2 行：可导入 2 行，未通过 0 行').waitFor();
        const previewRows = preview.locator('tbody tr.ant-table-row');
        await expect.poll(() => previewRows.count()).toBe(2);
        for (const row of await previewRows.all()) expect(await row.textContent()).toContain('可导入');
        await checkScreen(page);
        await screenshot(page, 'desk-results-preview', panel);

        await panel.getByTestId('result-import-commit').click();
        await panel.getByTestId('results-notice').getByText('成绩表已导入').waitFor({ timeout: 30_000 });

        await panel.getByTestId('results-publish').click();
        await waitForModalToSettle(page);
        const confirm = page.getByRole('dialog', { name: '公示成绩' });
        await confirm.getByRole('button', { name: '确认公示' }).click();
        // Until its fade ends, axe would measure the dialog's half-transparent text.
        await confirm.waitFor({ state: 'hidden' });
        await panel.getByTestId('results-notice').getByText('成绩已公示').waitFor({ timeout: 30_000 });
        await panel.getByTestId('results-published').waitFor();
        expect(await panel.getByTestId('objection-countdown').count()).toBe(1);
        await checkScreen(page);
        await screenshot(page, 'desk-results-published', panel);

        const published = await publicResults(env.site, eventId());
        expect(
          published.results.map((row) => [row.teamName, row.awardLabel, row.institutionName, row.members]),
        ).toEqual([
          [TEAM_A, '一等奖', SCHOOL, ['李*', '王*明']],
          [TEAM_B, '二等奖', OTHER_SCHOOL.name, ['陈*远', '林*溪', '周*航']],
        ]);
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      "the second school objects to the first school's result; the organiser answers; the 公示 page shows the answer",
      async () => {
        // On a phone, in the school's 成绩公示与异议 tab.
        const { page: school, errors: schoolErrors } = await openPage(env.browser, { viewport: PHONE });
        await openWorkbenchOf(school, env.site, OTHER_SCHOOL.account, OTHER_SCHOOL.name);
        const card = registrationCard(school);
        await card.getByRole('tab', { name: '成绩公示与异议' }).click();
        const results = card.getByTestId(`school-results-${eventId()}`);
        await results.getByTestId('objection-countdown').waitFor({ timeout: 30_000 });
        await checkScreen(school);
        await results.getByRole('button', { name: `提出异议：${TEAM_A}` }).click();
        await waitForModalToSettle(school);
        const dialog = school.getByRole('dialog', { name: '提出异议' });
        await dialog.getByLabel('异议理由').fill(OBJECTION);
        await dialog.getByRole('button', { name: '提交异议' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await school.getByText('异议已提交，主办方答复后公开在公示页').waitFor();
        const mine = results.getByTestId('my-objections');
        await mine.getByText('尚未答复').waitFor();
        expect(await mine.textContent()).toContain(OBJECTION);
        await checkScreen(school);
        await screenshot(school, 'phone-objection-sent', results);
        expect(schoolErrors).toEqual([]);

        // The organiser, on a desk in a browser of its own, answers it under 异议处理.
        const { page, errors } = await openPage(env.browser, { viewport: DESK, isolated: true });
        const organiser = await openOrganiserCard(page, env.site, eventId());
        await organiser.getByRole('button', { name: `成绩录入：${EVENT_NAME}` }).click();
        const objections = organiser.getByTestId('organiser-objections');
        await objections.waitFor({ timeout: 30_000 });
        const objection = objections.locator('li').filter({ hasText: OBJECTION });
        expect(await objection.textContent()).toContain(`提出机构：${OTHER_SCHOOL.name}`);
        await objection.getByLabel('答复（公开在公示页，只能答复一次）').fill(ANSWER);
        await checkScreen(page);
        await objection.getByRole('button', { name: '发送答复' }).click();
        await objection.getByText(new RegExp(`^答复（.+）：${ANSWER}$`)).waitFor({ timeout: 30_000 });
        await screenshot(page, 'desk-objection-answered', objections);
        expect(errors).toEqual([]);
        await page.close();

        // The public page, on a phone and a desk: the answer with the dates, the members' names masked.
        const today = beijingDay(0);
        for (const viewport of [PHONE, DESK]) {
          const { page: visitor, errors: visitorErrors } = await openPage(env.browser, { viewport });
          const answer = await visitor.goto(`${env.site.url}/match/event/${eventId()}`);
          expect(answer?.status()).toBe(200);
          const section = visitor.getByTestId('public-results');
          await section.waitFor();
          const item = section.getByTestId('public-objections').locator('li');
          expect(await item.count()).toBe(1);
          const shown = (await item.textContent()) ?? '';
          expect(shown).toContain(`${QUICK_ITEM} · ${TEAM_A}`);
          expect(shown).toContain(`收到：${today} · 答复：${today}`);
          expect(shown).toContain(`答复：${ANSWER}`);
          // Who objected, and why, stay private.
          expect(shown).not.toContain(OTHER_SCHOOL.name);
          expect(shown).not.toContain(OBJECTION);
          const text = (await visitor.textContent('main')) ?? '';
          expect(text).toContain('成绩公示中');
          expect(text).toContain('李*、王*明');
          for (const name of [PUPIL.name, CLASSMATE.name, ...OTHER_PUPILS]) expect(text).not.toContain(name);
          await waitForHydration(visitor);
          await checkScreen(visitor);
          await screenshot(visitor, `${viewport === PHONE ? 'phone' : 'desk'}-public-results`);
          expect(visitorErrors).toEqual([]);
        }
      },
      TIMEOUT,
    );

    it(
      'the objection period ends: the public page says so and a late objection is refused',
      async () => {
        // The server reads the real clock and has no clock to wind: the publication is moved back by more than
        // the objection period in the site's database instead, which is what the days passing would leave there.
        // The event table's triggers bump the site version, so no cached page keeps the old phase.
        const moved = withSiteDatabase(env.site, (db) => {
          const row = db
            .prepare('select results_published_time as published from match_event where id = ?')
            .get(eventId()) as { published: string | null } | undefined;
          if (!row?.published) throw new Error('the event has no publication time');
          const earlier = new Date(Date.parse(row.published) - (OBJECTION_DAYS + 1) * 86_400_000).toISOString();
          return db.prepare('update match_event set results_published_time = ? where id = ?').run(earlier, eventId())
            .changes;
        });
        expect(moved).toBe(1);

        const ended = await publicResults(env.site, eventId());
        expect(Date.parse(ended.objectionDeadline ?? '')).toBeLessThan(Date.now());
        const { page: visitor, errors: visitorErrors } = await openPage(env.browser, { viewport: PHONE });
        await expect
          .poll(async () => {
            await visitor.goto(`${env.site.url}/match/event/${eventId()}`);
            return visitor.textContent('main');
          })
          .toContain('已结束');
        expect(await visitor.getByTestId('public-objections').locator('li').count()).toBe(1);
        await waitForHydration(visitor);
        await checkScreen(visitor);
        await screenshot(visitor, 'phone-public-period-over');
        expect(visitorErrors).toEqual([]);

        // The school no longer has 提出异议, and an objection sent anyway is refused with the period's end.
        const { page: school, errors } = await openPage(env.browser, { viewport: DESK });
        await openWorkbenchOf(school, env.site, OTHER_SCHOOL.account, OTHER_SCHOOL.name);
        const card = registrationCard(school);
        await card.getByRole('tab', { name: '成绩公示与异议' }).click();
        const results = card.getByTestId(`school-results-${eventId()}`);
        await results.getByTestId('my-objections').getByText(ANSWER, { exact: false }).waitFor({ timeout: 30_000 });
        expect(await results.getByRole('button', { name: /^提出异议/ }).count()).toBe(0);
        const late = await callWithStatus(school, 'POST', `${WORKBENCH}/objections`, {
          teamId: (state.teamA as MatchTeam).id,
          reason: '异议期结束后再次提出的异议',
        });
        expect(late.http).toBe(409);
        expect(late.envelope?.message).toMatch(/^异议期已于 .+（北京时间）结束，不能再提出异议$/);
        expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'on a phone the operator makes the results final in 成绩生效: five certificates, and only once',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: PHONE });
        await logIn(page, env.site, OPERATOR, true);
        await page.waitForURL(/\/creditBank\/review$/);
        await page.getByRole('tab', { name: '成绩生效' }).click();
        const row = page.getByTestId(`final-event-${eventId()}`);
        await row.waitFor({ timeout: 30_000 });
        const before = (await row.textContent()) ?? '';
        expect(before).toContain('可确认生效');
        expect(before).toContain(`承办：${ORGANISER}`);
        expect(before).toContain(`获奖队员 ${AWARDED} 名`);
        await checkScreen(page);
        await screenshot(page, 'phone-final-ready', row);

        await row.getByRole('button', { name: `确认生效：${EVENT_NAME}` }).click();
        await waitForModalToSettle(page);
        const dialog = page.getByRole('dialog', { name: '成绩确认生效' });
        const asked = (await dialog.textContent()) ?? '';
        expect(asked).toContain(`将为 ${AWARDED} 名获奖队员各发放证书一张`);
        expect(asked).toContain(`登记机构：${ORGANISER}`);
        await dialog.getByRole('button', { name: '确认生效' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page
          .getByTestId('final-notice')
          .getByText(`“${EVENT_NAME}”成绩已生效，发放证书 ${AWARDED} 张`)
          .waitFor({ timeout: 30_000 });
        await expect.poll(() => row.textContent()).toContain('已生效');
        expect(await row.textContent()).toContain(`发放证书 ${AWARDED} 张`);
        expect(await row.getByRole('button', { name: /确认生效/ }).count()).toBe(0);
        await checkScreen(page);
        await screenshot(page, 'phone-final-done', row);

        // A second operator's click, or this one's again, issues nothing more.
        const again = await callWithStatus(page, 'POST', `/api/creditBank/review/match/events/${eventId()}/finalise`);
        expect(again).toMatchObject({ http: 409, envelope: { message: '成绩已经生效，不能重复确认' } });
        expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'the pupil finds the credit with its provenance and the certificate, and downloads it: a PDF with its QR',
      async () => {
        const { page, errors } = await openPage(env.browser, { viewport: DESK });
        await logIn(page, env.site, PUPIL.cardNo);
        await page.waitForURL(/\/creditBank\/info$/);

        // 获奖证书: the demo learner's certificate of this event, the first number of its numbering.
        const certificates = page.getByTestId('my-certificates');
        await certificates.waitFor({ timeout: 30_000 });
        const prefix = `JQR-${SEASON}-${String(eventId()).padStart(4, '0')}-`;
        const ours = certificates.locator(`[data-testid^="certificate-${prefix}"]`);
        await expect.poll(() => ours.count()).toBe(1);
        const certificateNo = ((await ours.getAttribute('data-testid')) ?? '').slice('certificate-'.length);
        expect(certificateNo).toBe(`${prefix}0001`);
        const card = (await ours.textContent()) ?? '';
        for (const expected of ['一等奖', EVENT_NAME, QUICK_ITEM, TEAM_A, SCHOOL, `承办：${ORGANISER}`]) {
          expect(card).toContain(expected);
        }

        // The credit among the records, recorded by the organiser, under the certificate's number.
        const record = page.getByRole('row').filter({ hasText: certificateNo });
        await record.waitFor({ timeout: 30_000 });
        const line = (await record.textContent()) ?? '';
        expect(line).toContain(CATALOGUE_ITEM);
        expect(line).toContain(`登记：${ORGANISER}`);
        await checkScreen(page);
        await screenshot(page, 'desk-pupil-info');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          ours.getByRole('button', { name: `下载证书 ${certificateNo}` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`获奖证书-${certificateNo}.pdf`);
        const pdf = await downloadedBytes(download);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const { text, qrCodes } = await readPdf(pdf);
        for (const expected of [
          '批准文号',
          APPROVAL,
          '不作为中小学招生入学依据',
          certificateNo,
          PUPIL.name,
          '一等奖',
        ]) {
          expect(text).toContain(expected);
        }
        // The QR is the check page's address with the number filled in: the next step opens it.
        expect(qrCodes).toEqual([`${env.site.url}/verify?certificateNo=${encodeURIComponent(certificateNo)}`]);
        state.certificateNo = certificateNo;
        state.qrAddress = qrCodes[0];
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      "on a phone a visitor opens the certificate's QR: 真实有效 with the full name, the name masked; a wrong name: 不存在",
      async () => {
        const certificateNo = state.certificateNo as string;
        const { page, errors } = await openPage(env.browser, { viewport: PHONE });
        const check = async (name: string) => {
          const answer = await page.goto(state.qrAddress as string);
          expect(answer?.status()).toBe(200);
          await waitForHydration(page);
          // The certificate's way of checking is chosen, with the number filled in; the name is for the visitor.
          expect(await page.getByRole('radio', { name: '按证书编号' }).isChecked()).toBe(true);
          expect(await page.getByRole('textbox', { name: '证书编号' }).inputValue()).toBe(certificateNo);
          await page.getByRole('textbox', { name: '持有人姓名' }).fill(name);
          await checkScreen(page);
          await page.getByRole('button', { name: '立即查验' }).click();
          const verdict = page.getByTestId('verify-verdict');
          await verdict.waitFor({ timeout: 30_000 });
          return verdict;
        };

        const genuine = await check(PUPIL.name);
        await genuine.getByText('真实有效').waitFor();
        expect(await page.locator('.verify-facts dd').first().textContent()).toBe('李*');
        const shown = (await page.locator('.verify-records').textContent()) ?? '';
        // The credit the certificate posted, as it stands now, and who recorded it.
        for (const expected of [CATALOGUE_ITEM, '已入账', ORGANISER]) expect(shown).toContain(expected);
        expect(await page.textContent('main')).not.toContain(PUPIL.name);
        await checkScreen(page);
        await screenshot(page, 'phone-verify-genuine');

        const wrong = await check('李华');
        await wrong.getByText('不存在').waitFor();
        expect(await page.locator('.verify-records').count()).toBe(0);
        await screenshot(page, 'phone-verify-not-found');
        expect(errors).toEqual([]);
      },
      TIMEOUT,
    );
  },
);
