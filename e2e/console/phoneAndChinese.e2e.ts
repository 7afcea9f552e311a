import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SKIP_REASON } from '../harness/browser';
import { consoleCall, signIn, signInThroughPage } from '../harness/consoleApi';
import { demoCode } from '../harness/secondFactor';
import { E2E_PASSWORD } from '../harness/site';
import { useSiteAndBrowser } from '../harness/suite';

/** A common phone's width in CSS pixels. */
const PHONE = { width: 390, height: 844 };

/** The browser's colour for an unstyled link: what the console's own text must never fall back to. */
const DEFAULT_LINK_BLUE = 'rgb(0, 0, 238)';

/**
 * The elements that stick out past the right edge of the window without a frame of their own that clips or
 * scrolls them: what makes the page scroll sideways, outermost first.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const framed = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !framed(element))
      .slice(0, 5)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 3).join('.')}`,
      );
  });

/**
 * Attributes that are a React prop reaching the DOM: an object written out as "[object Object]", or a
 * component's prop name (`InputProps`, `slotProps`, `record`…) that no HTML element has.
 */
const strayAttributes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            attribute.value === '[object Object]' ||
            /props$/i.test(attribute.name) ||
            ['record', 'resource', 'basepath', 'source'].includes(attribute.name),
        )
        .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`),
    ),
  );

describe.skipIf(SKIP_REASON)('console: on a phone, in Chinese, in the theme’s colours', () => {
  const env = useSiteAndBrowser();

  /** Signs the administrator in through the sign-in page at `viewport` (a phone's width unless given), landing on `path`. */
  const signInOnPhone = async (path: string, viewport = PHONE): Promise<Page> => {
    const { page } = await openPage(env.browser, { viewport });
    await page.goto(`${env.site.url}/admin${path}`);
    await page.getByLabel('用户名').waitFor();
    expect(await overflowing(page), 'the sign-in page').toEqual([]);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    // The administrator's second factor: the step fits the phone's width too.
    await page.getByLabel('动态口令').waitFor();
    expect(await overflowing(page), 'the second-factor step').toEqual([]);
    await page.getByLabel('动态口令').fill(await demoCode(env.site, 'admin'));
    await page.getByRole('button', { name: '验证' }).click();
    await page.getByRole('button', { name: '个人信息' }).waitFor();
    return page;
  };

  it('keeps the sign-in page free of MUI and react-admin, which load only after sign-in', async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    const scripts: Promise<{ path: string; gzip: number; ui: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzip: gzipSync(body, { level: 9 }).length,
          // MUI's component names and react-admin's message keys survive minification as strings.
          ui: /Mui(Button|Paper|Typography|SvgIcon)|ra\.(auth|action)\./.test(body.toString('utf8')),
        })),
      );
    });
    await page.goto(`${env.site.url}/admin/`);
    await page.getByLabel('用户名').waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    console.info(
      `console sign-in page: ${loaded.length} scripts, ${(loaded.reduce((sum, script) => sum + script.gzip, 0) / 1024).toFixed(1)} KB gzip`,
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((script) => script.ui).map((script) => script.path)).toEqual([]);
    await page.close();
  });

  /** The console's screens: every resource's list, and its create, edit and show pages where it has them. */
  const screens = async () => {
    const session = await signIn(env.site, 'admin');
    const firstId = async (resource: string) => {
      const query = `range=${encodeURIComponent('[0,0]')}&filter=${encodeURIComponent('{}')}`;
      const { body } = await consoleCall<{ id: number }[]>(env.site, session, `/lianmeng/api/${resource}?${query}`);
      return body.data?.[0]?.id;
    };
    const firstImage = async (belongSortid: number) => {
      const response = await fetch(`${env.site.url}/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ belongSortid }),
      });
      const [image] = (await response.json()).data.seachList as { id: number }[];
      if (!image) throw new Error(`the demo data has no image of sort ${belongSortid}`);
      return image.id;
    };
    const [article, account, institution, cardAccount, banner, partner] = await Promise.all([
      firstId('articles'),
      firstId('accounts'),
      firstId('institutions'),
      firstId('cardAccounts'),
      firstImage(2),
      firstImage(3),
    ]);
    if (article === undefined || account === undefined) throw new Error('the demo data has no article or account');
    return [
      '/banners',
      '/banners/create',
      `/banners/${banner}`,
      '/partners',
      '/partners/create',
      `/partners/${partner}`,
      '/articles',
      '/articles/create',
      `/articles/${article}`,
      `/articles/${article}/show`,
      '/accounts',
      '/accounts/create',
      `/accounts/${account}`,
      '/institutions',
      '/institutions/create',
      // The demo data may hold no institution or card account yet: their edit pages are walked when it does.
      ...(institution === undefined ? [] : [`/institutions/${institution}`]),
      '/cardAccounts',
      ...(cardAccount === undefined ? [] : [`/cardAccounts/${cardAccount}`]),
      '/audit',
      '/settings',
    ];
  };

  /** Opens `path` in the signed-in console and waits until its list, form or record is shown and loaded. */
  const open = async (page: Page, path: string) => {
    await page.goto(`${env.site.url}/admin${path}`);
    await page.locator('.RaLayout-content').locator('table, form, .RaShow-main, .RaList-noResults').first().waitFor();
    await page.waitForLoadState('networkidle');
  };

  it('does not scroll sideways at 390 px on any screen, shows no native file input and puts no React prop on an element', async () => {
    const page = await signInOnPhone('/banners');
    for (const path of await screens()) {
      await open(page, path);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      const offenders = scrollWidth > innerWidth ? (await overflowing(page)).join(', ') : '';
      expect(scrollWidth, `${path} scrolls sideways: ${offenders}`).toBeLessThanOrEqual(innerWidth);
      expect(await strayAttributes(page), path).toEqual([]);
      // No browser-drawn file input (its words are the browser's English) takes room on any screen.
      const shownFileInputs = await page
        .locator('input[type="file"]')
        .evaluateAll(
          (inputs) =>
            inputs.filter(
              (input) => input.getBoundingClientRect().width > 1 || input.getBoundingClientRect().height > 1,
            ).length,
        );
      expect(shownFileInputs, `${path} shows a native file input`).toBe(0);
    }
    await page.close();
  }, 180_000);

  it('lets a list wider than the phone scroll inside its own frame', async () => {
    const page = await signInOnPhone('/partners');
    await open(page, '/partners');
    const frame = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const wrapper = table.parentElement as HTMLElement;
        return { overflowX: getComputedStyle(wrapper).overflowX, fits: wrapper.clientWidth <= window.innerWidth };
      });
    expect(frame).toEqual({ overflowX: 'auto', fits: true });
    await page.close();
  });

  it('offers every file picker with a Chinese button, the browser’s English one hidden but reachable by keyboard', async () => {
    const { page } = await signInThroughPage(env.browser, env.site, 'admin', '/banners/create');
    const pickers: { path: string; label: RegExp; open?: () => Promise<void> }[] = [
      { path: '/banners/create', label: /选择图片上传/ },
      { path: '/articles/create', label: /上传封面图/ },
      { path: '/articles/create', label: /上传附件/ },
      {
        path: '/articles/create',
        label: /^选择图片$/,
        open: () =>
          page
            .getByRole('toolbar', { name: '正文格式' })
            .getByRole('button', { name: '插入图片', exact: true })
            .click(),
      },
      { path: '/settings', label: /上传站点标志/ },
    ];
    for (const { path, label, open: openDialog } of pickers) {
      await open(page, path);
      await openDialog?.();
      const input = page.getByLabel(label);
      // Chromium draws "Choose File" / "No file chosen" inside the input itself: it must take no room on screen.
      const box = await input.boundingBox();
      expect(box && box.width <= 1 && box.height <= 1, `${label} is hidden from sight`).toBe(true);
      const picker = page.locator('label', { has: input });
      await expect(picker.getByText('选择文件', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(picker.getByText('未选择文件', { exact: true }).isVisible()).resolves.toBe(true);
      expect(await page.locator('body').innerText()).not.toMatch(/Choose File|No file chosen|Browse/);
      // Tab reaches the hidden input (from the control before it), and its button shows the focus.
      await input.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
      const outline = await picker.getByText('选择文件', { exact: true }).evaluate((button) => {
        const style = getComputedStyle(button.closest('.FilePicker-button') ?? button);
        return style.outlineStyle;
      });
      expect(outline, `${label} shows keyboard focus`).toBe('solid');
      if (openDialog) await page.keyboard.press('Escape');
    }
    await page.close();
  }, 120_000);

  it('shows the file picked, by name', async () => {
    const { page } = await signInThroughPage(env.browser, env.site, 'admin', '/settings');
    await open(page, '/settings');
    const input = page.getByLabel(/上传站点标志/);
    await input.setInputFiles({ name: '联盟标志.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') });
    await page.locator('label', { has: input }).getByText('联盟标志.txt').waitFor();
    await page.close();
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    it(`colours 退出登录 like the rest of its menu, not as a browser link, in both themes, at ${viewport.width} px`, async () => {
      // Signed in at that width: a phone's console opens with its menu folded away.
      const page = await signInOnPhone('/articles', viewport);
      const logout = page.getByRole('menuitem', { name: '退出登录' });
      const coloursOfLogout = async () => {
        await page.getByRole('button', { name: '个人信息' }).click();
        await logout.waitFor();
        return logout.evaluate((item) => ({
          item: getComputedStyle(item).color,
          text: getComputedStyle(item.querySelector('.MuiListItemText-primary') ?? item).color,
          menu: getComputedStyle(item.closest('[role="menu"]') ?? item).color,
          underline: getComputedStyle(item).textDecorationLine,
        }));
      };
      const light = await coloursOfLogout();
      await page.keyboard.press('Escape');
      await logout.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '切换明暗主题' }).click();
      const dark = await coloursOfLogout();
      for (const colours of [light, dark]) {
        expect(colours.text).not.toBe(DEFAULT_LINK_BLUE);
        expect(colours).toEqual({ item: colours.menu, text: colours.menu, menu: colours.menu, underline: 'none' });
      }
      // The theme's text colour: dark on the light menu, light on the dark one.
      expect(light.menu).not.toBe(dark.menu);
      await logout.click();
      await page.getByLabel('用户名').waitFor();
      await page.close();
    });
  }
});
