import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../harness/axe';
import { openPage, SKIP_REASON, waitForHydration } from '../harness/browser';
import { signInThroughPage } from '../harness/consoleApi';
import { beijingDay, DESK, fitsWidth, PHONE } from '../harness/creditBank';
import { useSiteAndBrowser } from '../harness/suite';

const NAME = '2027 年机器人运动会（测试赛区）';
const APPROVAL = '体联赛〔2027〕3号';

describe.skipIf(SKIP_REASON)('match events: made in the console, seen on /match', () => {
  const env = useSiteAndBrowser();

  /** The public list's events, as any visitor's call gets them. */
  const publicEvents = async () => {
    const response = await fetch(`${env.site.url}/api/match/events?pageNum=1&pageSize=50`);
    return ((await response.json()) as { data: { list: { id: number; name: string }[] } }).data.list;
  };
  const eventId = async () => (await publicEvents()).find((event) => event.name === NAME)?.id;

  it('an editor creates an event with its items; the public list and its page show it on a phone and a desktop', async () => {
    const { page, errors: consoleErrors } = await signInThroughPage(env.browser, env.site, 'editor', '/events/create');
    await page.getByLabel(/赛事名称/).fill(NAME);
    await page.getByLabel(/赛季/).fill('2027');
    await page.getByRole('combobox', { name: /^类别/ }).click();
    await page.getByRole('option', { name: '常规类' }).click();
    await page.getByRole('combobox', { name: /^级别/ }).click();
    await page.getByRole('option', { name: '市级' }).click();
    await page.getByRole('combobox', { name: /承办单位/ }).fill('科技活动');
    await page.getByRole('option', { name: /北京市青少年科技活动中心/ }).click();
    await page.getByLabel(/批准文号/).fill(APPROVAL);
    await page.getByLabel(/赛事简介/).fill('面向中小学生的常规类比赛。<b>不是标记</b>');
    // Opened yesterday, closing in ten days (Beijing time): registering now.
    await page.getByLabel(/报名开始/).fill(`${beijingDay(-1)}T08:00`);
    await page.getByLabel(/报名截止/).fill(`${beijingDay(10)}T18:00`);
    await page.getByLabel(/成绩公布日期/).fill(beijingDay(20));
    await page.getByRole('combobox', { name: /学分项目/ }).click();
    await page.getByRole('option', { name: '机器人运动会（常规类）市级' }).click();
    // A new event starts with one item to fill in.
    await page
      .getByLabel(/项目名称/)
      .first()
      .fill('机器人足球');
    await page
      .getByLabel(/最多人数/)
      .first()
      .fill('5');
    await page
      .getByLabel(/最少人数/)
      .first()
      .fill('3');
    await page
      .getByLabel(/需设计报告/)
      .first()
      .check();
    await page.getByLabel(/^公开/).check();
    await page.getByRole('button', { name: /保存/ }).click();
    await expect.poll(eventId, { timeout: 15_000 }).toBeTypeOf('number');
    expect(consoleErrors).toEqual([]);
    const id = await eventId();

    for (const viewport of [PHONE, DESK]) {
      const { page: visitor, errors } = await openPage(env.browser, { viewport });
      const list = await visitor.goto(`${env.site.url}/match`);
      expect(list?.status()).toBe(200);
      const card = visitor.getByRole('link', { name: NAME });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(`/match/event/${id}`);
      // The seeded events are there too, the phases in words.
      expect(await visitor.getByText('报名中').count()).toBeGreaterThan(1);
      expect(await fitsWidth(visitor)).toBe(true);
      expect(await seriousViolations(visitor)).toEqual([]);

      const detail = await visitor.goto(`${env.site.url}/match/event/${id}`);
      expect(detail?.status()).toBe(200);
      await visitor.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const text = (await visitor.textContent('main')) ?? '';
      expect(text).toContain(APPROVAL);
      expect(text).toContain('北京市青少年科技活动中心');
      expect(text).toContain('机器人足球');
      expect(text).toContain('本赛事不收取任何费用');
      // The description is text: the markup in it shows as typed.
      expect(text).toContain('<b>不是标记</b>');
      expect(text).toMatch(/距报名截止还有 (9|10) 天/);
      await waitForHydration(visitor);
      expect(await fitsWidth(visitor)).toBe(true);
      expect(await seriousViolations(visitor)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('answers 404 for an event that is hidden or unknown', async () => {
    const { page } = await openPage(env.browser);
    const visible = (await publicEvents()).map((event) => event.id);
    const notShown = Array.from({ length: 20 }, (_, index) => index + 1).find((id) => !visible.includes(id)) ?? 999;
    for (const id of [notShown, 999_999]) {
      const answer = await page.goto(`${env.site.url}/match/event/${id}`);
      expect(answer?.status()).toBe(404);
    }
  });
});
