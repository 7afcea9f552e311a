import { api, BANNER, IMAGE_SORT } from '@lianmeng/core';
import { imageFixture, imageSearchHandler } from '@lianmeng/core/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http as portalHttp } from '../../app/api';
import { setupPortalServer } from '../../testing/portalServer';
import { ELDERLY_MODE_KEY, ElderlyModeProvider } from '../elderlyMode';
import { BANNER_REQUEST } from '../layoutCalls';
import { BANNER_OPEN_CLASS, BannerAd, PUSHED_CLASS } from './BannerAd';
import { bannerHeightAt } from './bannerHeight';

const server = setupPortalServer();

const openBanner = imageFixture({
  id: 41,
  belongSortid: IMAGE_SORT.banner,
  isOpen: 1,
  photoAddress: '/uploads/banner-new.png',
  photoTitle: '机器人运动会开幕',
  urlAddress: 'https://www.example.edu.cn/meet',
});
const olderBanner = imageFixture({ id: 40, belongSortid: IMAGE_SORT.banner, isOpen: 1, photoTitle: '较早的横幅' });

/** The banner as the layout shows it, with the list the layout's loader asks the server for. */
const renderBanner = async () => {
  const banners = await portalHttp.call(api.img.search, BANNER_REQUEST);
  return render(
    <ElderlyModeProvider>
      <BannerAd banners={banners} />
      <div className={PUSHED_CLASS} data-testid="pushed" />
    </ElderlyModeProvider>,
  );
};

/** How far the page below the banner is moved down. */
const pushOf = () => screen.getByTestId('pushed').style.transform;

const heightOf = (element: HTMLElement) => Number.parseFloat(element.style.height);

afterEach(() => {
  vi.useRealTimers();
});

describe('the banner height over time', () => {
  it.each([
    [0, 0],
    [1500, BANNER.heightPx / 2],
    [3000, BANNER.heightPx],
    [3500, BANNER.heightPx],
    [4000, BANNER.heightPx],
    [5500, BANNER.heightPx / 2],
    [7000, 0],
  ])('is %i ms → %f px', (ms, px) => {
    expect(bannerHeightAt(ms)).toBeCloseTo(px, 5);
  });
});

describe('the top banner ad', () => {
  it('asks for the open banners in one page and shows the newest', async () => {
    let asked: { url: URL; body: unknown } | null = null;
    server.use(
      http.post('*/lianmeng/img/imageMsgSearch', async ({ request }) => {
        asked = { url: new URL(request.url), body: await request.clone().json() };
        return undefined;
      }),
      imageSearchHandler([openBanner, olderBanner]),
    );
    await renderBanner();
    const image = await screen.findByRole('img', { name: '机器人运动会开幕' });
    expect(image).toHaveAttribute('src', '/uploads/banner-new.png');
    expect(screen.queryByRole('img', { name: '较早的横幅' })).not.toBeInTheDocument();
    const request = asked as unknown as { url: URL; body: unknown };
    expect(request.url.searchParams.get('pageNum')).toBe('1');
    expect(request.url.searchParams.get('pageSize')).toBe('999');
    expect(request.body).toEqual({ belongSortid: 2, isOpen: 1 });
  });

  it('grows to 405px over 3 s, holds 1 s and collapses over 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    server.use(imageSearchHandler([openBanner]));
    await renderBanner();
    const banner = await screen.findByTestId('banner-ad');
    // The element is there as soon as React commits it; its animation starts in the effect that follows. The
    // effect's first write (the banner's height) wakes waitFor's DOM observer; waitFor's own polling would not,
    // as this test's setInterval is the fake one, and vi.waitFor would move the fake clock.
    await waitFor(() => expect(document.documentElement).toHaveClass(BANNER_OPEN_CLASS));
    const samples: [number, number][] = [];
    let at = 0;
    for (const ms of [0, 1500, 3000, 3500, 4000, 5500]) {
      act(() => {
        vi.advanceTimersByTime(ms - at);
      });
      at = ms;
      samples.push([ms, heightOf(banner)]);
      // The page below is moved down by exactly the banner's height, so the banner covers none of it.
      expect(document.documentElement).toHaveClass(BANNER_OPEN_CLASS);
      expect(pushOf()).toBe(`translateY(${heightOf(banner)}px)`);
    }
    expect(samples).toEqual([
      [0, 0],
      [1500, 202.5],
      [3000, 405],
      [3500, 405],
      [4000, 405],
      [5500, 202.5],
    ]);
    act(() => {
      vi.advanceTimersByTime(7000 - at);
    });
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass(BANNER_OPEN_CLASS);
    expect(pushOf()).toBe('');
  });

  it('follows urlAddress in a new tab without giving the target a handle on the portal', async () => {
    server.use(imageSearchHandler([openBanner]));
    await renderBanner();
    const link = (await screen.findByRole('img', { name: '机器人运动会开幕' })).closest('a');
    expect(link).toHaveAttribute('href', 'https://www.example.edu.cn/meet');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('is not a link when urlAddress is not a web address', async () => {
    server.use(imageSearchHandler([{ ...openBanner, urlAddress: 'javascript:alert(1)' }]));
    await renderBanner();
    const image = await screen.findByRole('img', { name: '机器人运动会开幕' });
    expect(image.closest('a')).toBeNull();
  });

  it('ends early with its close control', async () => {
    server.use(imageSearchHandler([openBanner]));
    await renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: '关闭广告' }));
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass(BANNER_OPEN_CLASS);
    expect(pushOf()).toBe('');
    // The animation's clock stopped with it: no later frame moves the page down again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pushOf()).toBe('');
  });

  it('is not shown when no banner is open', async () => {
    let answered = false;
    server.use(
      http.post('*/lianmeng/img/imageMsgSearch', () => {
        answered = true;
        return HttpResponse.json({ status: 200, data: { seachList: [], total: 0, pageNum: 1, pageSize: 999 } });
      }),
    );
    await renderBanner();
    await vi.waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
  });

  it('is not shown in the elderly-friendly mode, even with an open banner', async () => {
    localStorage.setItem(ELDERLY_MODE_KEY, '1');
    server.use(imageSearchHandler([openBanner]));
    await renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
  });

  it('stands still at full height with prefers-reduced-motion', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as never;
    try {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      server.use(imageSearchHandler([openBanner]));
      await renderBanner();
      const banner = await screen.findByTestId('banner-ad');
      // The height is written by the effect that follows React's commit, not by the commit findByTestId saw.
      await waitFor(() => expect(document.documentElement).toHaveClass(BANNER_OPEN_CLASS));
      expect(heightOf(banner)).toBe(BANNER.heightPx);
      act(() => {
        vi.advanceTimersByTime(1500);
      });
      expect(heightOf(banner)).toBe(BANNER.heightPx);
      act(() => {
        vi.advanceTimersByTime(5500);
      });
      expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
