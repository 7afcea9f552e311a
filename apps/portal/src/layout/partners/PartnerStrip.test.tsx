import { api, IMAGE_SORT, MARQUEE, PARTNER_TILE } from '@lianmeng/core';
import { failure, imageFixture, imageSearchHandler } from '@lianmeng/core/testing';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http as portalHttp } from '../../app/api';
import { setupPortalServer } from '../../testing/portalServer';
import { PARTNER_REQUEST } from '../layoutCalls';
import { Marquee, PARTNER_GAP_PX, PartnerStrip } from './PartnerStrip';

const server = setupPortalServer();

const partners = [1, 2, 3].map((n) =>
  imageFixture({
    id: 300 + n,
    belongSortid: IMAGE_SORT.partner,
    photoTitle: `合作学校${n}`,
    smallPhotoAddress: `/uploads/partner-${n}-small.png`,
    urlAddress: `https://school${n}.example.edu.cn/`,
  }),
);

/** The partner list as the layout's loader asks the server for it. */
const loadPartners = () => portalHttp.call(api.img.search, PARTNER_REQUEST);

const offsetOf = () => Number(screen.getByTestId('partner-track').dataset.offset);
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the partner strip', () => {
  it('asks for partners (belongSortid 3, pageSize 999) and shows 190×50 tiles linked to urlAddress', async () => {
    let asked: { url: URL; body: unknown } | null = null;
    server.use(
      http.post('*/lianmeng/img/imageMsgSearch', async ({ request }) => {
        asked = { url: new URL(request.url), body: await request.clone().json() };
        return undefined;
      }),
      imageSearchHandler(partners),
    );
    render(<PartnerStrip partners={await loadPartners()} />);
    const strip = await screen.findByRole('region', { name: '合作伙伴' });
    const request = asked as unknown as { url: URL; body: unknown };
    expect(request.url.searchParams.get('pageSize')).toBe('999');
    expect(request.body).toEqual({ belongSortid: 3 });
    const image = within(strip).getByRole('img', { name: '合作学校1' });
    expect(image).toHaveAttribute('src', '/uploads/partner-1-small.png');
    expect(image).toHaveAttribute('width', String(PARTNER_TILE.widthPx));
    expect(image).toHaveAttribute('height', String(PARTNER_TILE.heightPx));
    expect(image.closest('a')).toHaveAttribute('href', 'https://school1.example.edu.cn/');
    expect(image.closest('a')?.getAttribute('rel')).toContain('noopener');
    // Every image has alt text; the loop's second copy is hidden from assistive technology and the Tab key.
    for (const img of strip.querySelectorAll('img')) expect(img.hasAttribute('alt')).toBe(true);
    const copies = strip.querySelectorAll('li[aria-hidden="true"] a');
    expect(copies).toHaveLength(partners.length);
    for (const link of copies) expect(link).toHaveAttribute('tabindex', '-1');
  });

  it('falls back to photoAddress when there is no small image', async () => {
    server.use(
      imageSearchHandler([imageFixture({ ...partners[0], smallPhotoAddress: '', photoAddress: '/uploads/big.png' })]),
    );
    render(<PartnerStrip partners={await loadPartners()} />);
    expect(await screen.findByRole('img', { name: '合作学校1' })).toHaveAttribute('src', '/uploads/big.png');
  });

  it('uses the list only when the response status is 200', async () => {
    let answered = false;
    server.use(
      http.post('*/lianmeng/img/imageMsgSearch', () => {
        answered = true;
        return failure(500, '服务器繁忙');
      }),
    );
    render(<PartnerStrip partners={await loadPartners()} />);
    await vi.waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: '合作伙伴' })).not.toBeInTheDocument();
  });
});

describe('the partner marquee, tick by tick', () => {
  const cycle = partners.length * (PARTNER_TILE.widthPx + PARTNER_GAP_PX);

  it('starts 30 ms after load and moves one pixel every 20 ms', () => {
    vi.useFakeTimers();
    render(<Marquee partners={partners} />);
    expect(offsetOf()).toBe(0);
    tick(MARQUEE.startDelayMs + MARQUEE.tickMs - 1);
    expect(offsetOf()).toBe(0);
    tick(1);
    expect(offsetOf()).toBe(1);
    tick(MARQUEE.tickMs);
    expect(offsetOf()).toBe(2);
    tick(MARQUEE.tickMs * 10);
    expect(offsetOf()).toBe(12);
    expect(screen.getByTestId('partner-track').style.transform).toBe('translateX(-12px)');
  });

  it('loops without a jump: after one whole copy the offset wraps to where the picture is the same', () => {
    vi.useFakeTimers();
    render(<Marquee partners={partners} />);
    tick(MARQUEE.startDelayMs + MARQUEE.tickMs * (cycle - 1));
    expect(offsetOf()).toBe(cycle - 1);
    tick(MARQUEE.tickMs);
    expect(offsetOf()).toBe(0);
    tick(MARQUEE.tickMs);
    expect(offsetOf()).toBe(1);
    // Two copies of the list, so the strip is never empty while the first scrolls out.
    expect(screen.getAllByRole('listitem', { hidden: true })).toHaveLength(partners.length * 2);
  });

  it('pauses on mouse over and resumes on mouse out', () => {
    vi.useFakeTimers();
    render(<Marquee partners={partners} />);
    tick(MARQUEE.startDelayMs + MARQUEE.tickMs * 5);
    expect(offsetOf()).toBe(5);
    fireEvent.mouseEnter(screen.getByTestId('partner-strip'));
    tick(MARQUEE.tickMs * 50);
    expect(offsetOf()).toBe(5);
    fireEvent.mouseLeave(screen.getByTestId('partner-strip'));
    tick(MARQUEE.tickMs);
    expect(offsetOf()).toBe(6);
  });

  it('pauses while a logo has keyboard focus and resumes when focus leaves', () => {
    vi.useFakeTimers();
    render(
      <>
        <Marquee partners={partners} />
        <button type="button">外部按钮</button>
      </>,
    );
    tick(MARQUEE.startDelayMs + MARQUEE.tickMs * 3);
    act(() => screen.getByRole('link', { name: '合作学校2' }).focus());
    tick(MARQUEE.tickMs * 20);
    expect(offsetOf()).toBe(3);
    act(() => screen.getByRole('link', { name: '合作学校3' }).focus());
    tick(MARQUEE.tickMs * 20);
    expect(offsetOf()).toBe(3);
    act(() => screen.getByRole('button', { name: '外部按钮' }).focus());
    tick(MARQUEE.tickMs * 2);
    expect(offsetOf()).toBe(5);
  });

  it('does not move with prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as never;
    try {
      vi.useFakeTimers();
      render(<Marquee partners={partners} />);
      tick(1000);
      expect(offsetOf()).toBe(0);
    } finally {
      window.matchMedia = original;
    }
  });
});
