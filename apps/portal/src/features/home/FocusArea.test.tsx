import { type ArticleSummary, FOCUS_AREA } from '@lianmeng/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREAS } from '../../shared/articles/areas';
import { FocusArea } from './FocusArea';
import { type FocusItem, pickFocusItems } from './focusSlides';

const article = (n: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: n,
  typeId: 1,
  title: `焦点新闻${n}`,
  summary: '',
  publishTime: `2026-11-${String(20 - n).padStart(2, '0')}T02:00:00.000Z`,
  source: '联盟秘书处',
  coverImage: `/uploads/cover-${n}.png`,
  coverSmall: `/uploads/cover-${n}-small.png`,
  coverWidth: 356,
  coverHeight: 200,
  ...overrides,
});

const itemsOf = (articles: ArticleSummary[]): FocusItem[] =>
  articles.map((entry) => ({ article: entry, href: `/news/detail/${entry.id}` }));

const renderArea = (items: FocusItem[], pictures = true) =>
  render(
    <MemoryRouter>
      <FocusArea items={items} pictures={pictures} />
    </MemoryRouter>,
  );

const three = () => itemsOf([article(1), article(2), article(3)]);
const area = () => screen.getByRole('region', { name: '焦点图' });
/** The number (1-based) of the slide on show: the one not hidden from assistive technology. */
const shown = () => {
  const visible = screen.getAllByTestId('focus-slide').filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return Number(visible[0]?.getAttribute('aria-label')?.match(/第 (\d+) 张/)?.[1]);
};
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const reduceMotion = () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as never;
  return () => {
    window.matchMedia = original;
  };
};

describe('the focus area', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled carousel whose pictures carry alt text, sizes, and load the first at once and the rest lazily', () => {
    renderArea(three());
    expect(area()).toHaveAttribute('aria-roledescription', '轮播');
    const pictures = within(area()).getAllByRole('img', { hidden: true });
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['焦点新闻1', '焦点新闻2', '焦点新闻3']);
    for (const img of pictures) {
      expect(img).toHaveAttribute('width', '356');
      expect(img).toHaveAttribute('height', '200');
    }
    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures[1]).toHaveAttribute('loading', 'lazy');
    expect(pictures[1]).not.toHaveAttribute('fetchpriority');
    // Narrow screens get the small image; others the full cover.
    expect(pictures[0]).toHaveAttribute('src', '/uploads/cover-1.png');
    expect(pictures[0]?.parentElement?.querySelector('source')).toHaveAttribute('srcset', '/uploads/cover-1-small.png');
    expect(within(area()).getByRole('link', { name: /焦点新闻1/ })).toHaveAttribute('href', '/news/detail/1');
    expect(within(area()).getByText('2026年11月19日')).toBeInTheDocument();
  });

  it('reserves a box for a cover of unknown size', () => {
    renderArea(itemsOf([article(1, { coverSmall: undefined, coverWidth: undefined, coverHeight: undefined })]));
    const img = within(area()).getByRole('img', { name: '焦点新闻1' });
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '270');
    expect(img.parentElement?.querySelector('source')).toBeNull();
  });

  it('moves to the next slide after its interval, and from the last back to the first', () => {
    renderArea(three());
    expect(shown()).toBe(1);
    wait(FOCUS_AREA.intervalMs - 1);
    expect(shown()).toBe(1);
    wait(1);
    expect(shown()).toBe(2);
    wait(FOCUS_AREA.intervalMs);
    expect(shown()).toBe(3);
    wait(FOCUS_AREA.intervalMs);
    expect(shown()).toBe(1);
  });

  it('holds while the pointer is over it and goes on when the pointer leaves', () => {
    renderArea(three());
    fireEvent.mouseEnter(area());
    wait(FOCUS_AREA.intervalMs * 3);
    expect(shown()).toBe(1);
    fireEvent.mouseLeave(area());
    wait(FOCUS_AREA.intervalMs);
    expect(shown()).toBe(2);
  });

  it('holds while focus is inside it and goes on when focus leaves', () => {
    render(
      <MemoryRouter>
        <FocusArea items={three()} pictures />
        <button type="button">别处</button>
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: '下一张' }).focus());
    wait(FOCUS_AREA.intervalMs * 3);
    expect(shown()).toBe(1);
    // Moving between its own controls keeps it held.
    act(() => screen.getByRole('button', { name: '上一张' }).focus());
    wait(FOCUS_AREA.intervalMs * 3);
    expect(shown()).toBe(1);
    act(() => screen.getByRole('button', { name: '别处' }).focus());
    wait(FOCUS_AREA.intervalMs);
    expect(shown()).toBe(2);
  });

  it('stands still, without a rotation button, for a visitor who asked for less motion', () => {
    const restore = reduceMotion();
    try {
      renderArea(three());
      wait(FOCUS_AREA.intervalMs * 5);
      expect(shown()).toBe(1);
      expect(screen.queryByRole('button', { name: /自动播放/ })).not.toBeInTheDocument();
      // The visitor still moves it by hand.
      fireEvent.click(screen.getByRole('button', { name: '下一张' }));
      expect(shown()).toBe(2);
    } finally {
      restore();
    }
  });

  it('stops for good with the rotation button and starts again with it', () => {
    renderArea(three());
    fireEvent.click(screen.getByRole('button', { name: '停止自动播放' }));
    fireEvent.mouseLeave(area());
    wait(FOCUS_AREA.intervalMs * 3);
    expect(shown()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '开始自动播放' }));
    fireEvent.mouseLeave(area());
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    wait(FOCUS_AREA.intervalMs);
    expect(shown()).toBe(2);
  });

  it('is worked from the keyboard: rotation button first, then previous, next and one button per slide', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    renderArea(three());
    await user.tab();
    expect(screen.getByRole('button', { name: '停止自动播放' })).toHaveFocus();
    await user.tab();
    expect(within(area()).getByRole('link', { name: /焦点新闻1/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '上一张' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shown()).toBe(3);
    await user.tab();
    expect(screen.getByRole('button', { name: '下一张' })).toHaveFocus();
    await user.keyboard(' ');
    expect(shown()).toBe(1);
    await user.keyboard('{Enter}');
    expect(shown()).toBe(2);
    await user.tab();
    await user.tab();
    const dot = screen.getByRole('button', { name: '第 2 张：焦点新闻2' });
    expect(dot).toHaveFocus();
    expect(dot).toHaveAttribute('aria-current', 'true');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(shown()).toBe(3);
    expect(screen.getByRole('button', { name: '第 3 张：焦点新闻3' })).toHaveAttribute('aria-current', 'true');
    // Only the slide on show can be reached: the hidden ones are inert.
    for (const slide of screen.getAllByTestId('focus-slide')) {
      expect(slide.hasAttribute('inert')).toBe(slide.getAttribute('aria-hidden') === 'true');
    }
  });

  it('tells assistive technology about a new slide only while it is not turning by itself', () => {
    renderArea(three());
    const slides = area().querySelector('.focus-slides');
    expect(slides).toHaveAttribute('aria-live', 'off');
    fireEvent.mouseEnter(area());
    expect(slides).toHaveAttribute('aria-live', 'polite');
  });

  it('lists the newest titles as text when no article has a cover, and turns nothing', () => {
    renderArea(itemsOf([article(1, { coverImage: '' }), article(2, { coverImage: '' })]), false);
    const region = screen.getByRole('region', { name: '要闻' });
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '焦点新闻1' })).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows nothing when there is nothing to show', () => {
    const { container } = renderArea([], false);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('pickFocusItems', () => {
  const news = AREAS.news;
  it('takes the newest covered articles across the lists, each once, at most the area size', () => {
    const lists = [
      { area: news, articles: [article(1), article(3, { coverImage: '' }), article(5)] },
      { area: AREAS.exchange, articles: [article(2), article(4), article(6), article(7), article(1)] },
    ];
    const picked = pickFocusItems(lists);
    expect(picked.pictures).toBe(true);
    expect(picked.items.map((item) => item.article.id)).toEqual([1, 2, 4, 5, 6].slice(0, FOCUS_AREA.size));
    expect(picked.items[1]?.href).toBe('/exchange/detail/2');
  });

  it('falls back to the newest articles when none has a cover', () => {
    const picked = pickFocusItems([
      { area: news, articles: [article(2, { coverImage: '' }), article(1, { coverImage: ' ' })] },
    ]);
    expect(picked).toMatchObject({ pictures: false });
    expect(picked.items.map((item) => item.article.id)).toEqual([1, 2]);
  });
});
