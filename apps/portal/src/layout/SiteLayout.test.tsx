import { IMAGE_SORT } from '@lianmeng/core';
import { imageFixture, imageSearchHandler } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, setupPortalServer } from '../testing/portalServer';
import { renderApp } from '../testing/renderApp';
import { ELDERLY_CLASS, ELDERLY_MODE_KEY } from './elderlyMode';

const server = setupPortalServer();

const partner = imageFixture({ id: 901, belongSortid: IMAGE_SORT.partner, photoTitle: '合作学校甲' });
const banner = imageFixture({ id: 902, belongSortid: IMAGE_SORT.banner, isOpen: 1, photoTitle: '年度大赛横幅' });

describe('per-page display rules', () => {
  it.each([
    '/education/course',
    '/education/course/10',
    '/education/list',
    '/education/list/9-0',
    '/education/detail',
    '/education/detail/901',
  ])('hides the menu and the partner strip on %s', async (path) => {
    server.use(imageSearchHandler([partner]));
    renderApp(path);
    await screen.findByRole('navigation', { name: '当前位置' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '合作伙伴' })).not.toBeInTheDocument();
  });

  it.each(['/education/index', '/education/jc', '/index'])(
    'shows the menu and the partner strip on %s',
    async (path) => {
      server.use(imageSearchHandler([partner]));
      renderApp(path);
      expect(await screen.findByRole('region', { name: '合作伙伴' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    },
  );

  it('hides the telephone block on /exchange/study only, in the header and in the footer', async () => {
    renderApp('/exchange/study/15');
    await screen.findByRole('heading', { name: /游学研学/ });
    // The footer is drawn from the site settings: wait for them so its absence means something.
    await waitFor(() => expect(screen.getByTestId('site-footer')).toHaveTextContent(SETTINGS.sponsor));
    expect(screen.queryByTestId('hotline')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-hotline')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SETTINGS.hotline);
    fireEvent.click(screen.getByRole('link', { name: '交流流程' }));
    await waitFor(() => expect(screen.getByTestId('hotline')).toHaveTextContent(`服务热线：${SETTINGS.hotline}`));
    expect(screen.getByTestId('footer-hotline')).toHaveTextContent(`服务热线：${SETTINGS.hotline}`);
  });
});

describe('header and footer', () => {
  it('shows the hotline from the site settings', async () => {
    renderApp('/index');
    await waitFor(() => expect(screen.getByTestId('hotline')).toHaveTextContent(`服务热线：${SETTINGS.hotline}`));
    expect(within(screen.getByTestId('hotline')).getByRole('link')).toHaveAttribute('href', 'tel:01066000000');
  });

  it('carries the copyright, the ICP number linked to its link, the police number with its icon and the sponsor', async () => {
    renderApp('/index');
    const footer = await screen.findByTestId('site-footer');
    await within(footer).findByText(SETTINGS.copyright);
    expect(within(footer).getByRole('link', { name: SETTINGS.icpNumber })).toHaveAttribute('href', SETTINGS.icpLink);
    const police = within(footer).getByRole('link', { name: SETTINGS.publicSecurityNumber });
    expect(police).toHaveAttribute('href', SETTINGS.publicSecurityLink);
    expect(police.previousElementSibling?.tagName.toLowerCase()).toBe('svg');
    expect(footer).toHaveTextContent(`主办单位：${SETTINGS.sponsor}`);
  });
});

describe('the elderly-friendly mode', () => {
  it('is a visible toggle that enlarges the page, hides the banner ad and is remembered', async () => {
    server.use(imageSearchHandler([banner]));
    const first = renderApp('/index');
    expect(await screen.findByTestId('banner-ad')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: '长者模式' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: '退出长者模式' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass(ELDERLY_CLASS);
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
    expect(localStorage.getItem(ELDERLY_MODE_KEY)).toBe('1');
    first.unmount();

    renderApp('/index');
    expect(await screen.findByRole('button', { name: '退出长者模式' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('banner-ad')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '退出长者模式' }));
    expect(document.documentElement).not.toHaveClass(ELDERLY_CLASS);
    expect(localStorage.getItem(ELDERLY_MODE_KEY)).toBeNull();
  });
});

describe('the search box', () => {
  it('opens /search with the keyword and lists what the articles call found', async () => {
    const user = userEvent.setup();
    renderApp('/index');
    await user.type(await screen.findByRole('searchbox', { name: '站内搜索' }), '通知公告测试文章2');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    expect(new URLSearchParams(window.location.search).get('keyword')).toBe('通知公告测试文章2');
    // The home page stays until the search page's data is there (it lists this article too).
    expect(await screen.findByText('共找到 1 条结果')).toBeInTheDocument();
    const result = screen.getByRole('link', { name: '通知公告测试文章2' });
    expect(result).toHaveAttribute('href', '/news/detail/202');
    // The title is set by an effect after the page commits: on a busy machine a little after its text shows.
    await waitFor(() => expect(document.title).toContain('搜索'));
  });

  it('says so when nothing matches', async () => {
    renderApp('/search?keyword=不存在的词');
    expect(await screen.findByText('没有找到相关内容，请换个关键词试试')).toBeInTheDocument();
  });
});
