import { api, DEFAULT_CERTIFICATION_URL } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SETTINGS, setupPortalServer } from '../testing/portalServer';
import { renderApp } from '../testing/renderApp';
import { Header } from './Header';

const server = setupPortalServer();

const header = (props: Partial<Parameters<typeof Header>[0]> = {}) => (
  <MemoryRouter initialEntries={['/news/list']}>
    <Header showMenu showTelephone hotline="010-6600 0000" {...props} />
  </MemoryRouter>
);

const logoLink = () => screen.getByRole('link', { name: '全国学校体育联盟（机器人运动）' });

describe('the header drawn from the site settings', () => {
  it('shows the uploaded logo and links 测评认证 to the address the settings name', async () => {
    server.use(
      mockCall(api.site.settings, () => ({
        ...SETTINGS,
        logoImage: '/uploads/logo-abc.png',
        certificationUrl: 'https://cert.example.org/robot/',
      })),
    );
    renderApp('/index');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /测评认证/ })).toHaveAttribute('href', 'https://cert.example.org/robot/'),
    );
    const image = logoLink().querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/logo-abc.png');
    // The site's name names the link; the image adds nothing to read out.
    expect(image).toHaveAttribute('alt', '');
    expect(logoLink().querySelector('svg')).toBeNull();
  });

  it('keeps the built-in logo and certification address with the default settings', async () => {
    renderApp('/index');
    await waitFor(() => expect(screen.getByTestId('hotline')).toHaveTextContent(SETTINGS.hotline));
    expect(logoLink().querySelector('svg')).not.toBeNull();
    expect(logoLink().querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: /测评认证/ })).toHaveAttribute('href', DEFAULT_CERTIFICATION_URL);
  });

  it.each(['https://elsewhere.example.org/logo.png', 'javascript:alert(1)', '//elsewhere.example.org/x.png'])(
    'shows the built-in logo rather than %j',
    (logoImage) => {
      render(header({ logoImage }));
      expect(logoLink().querySelector('img')).toBeNull();
      expect(logoLink().querySelector('svg')).not.toBeNull();
    },
  );
});

describe('the folding menu', () => {
  it('is sent as a checkbox and its label, so it opens without the script', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(header());
    const checkbox = container.querySelector<HTMLInputElement>('input[type="checkbox"].menu-check');
    expect(checkbox).not.toBeNull();
    const label = container.querySelector(`label[for="${checkbox?.id}"]`);
    expect(label?.textContent).toContain('菜单');
    // The menu and the tools follow the checkbox, so its :checked state can show them.
    const following = (selector: string) =>
      Boolean(
        checkbox &&
          Array.from(container.querySelectorAll(selector)).some(
            (element) => checkbox.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
          ),
      );
    expect(following('.menu-bar nav[aria-label="主菜单"]')).toBe(true);
    expect(following('.header-tools form[role="search"]')).toBe(true);
    expect(container.querySelector('button.menu-toggle')).toBeNull();
  });

  it('becomes a disclosure button once the script runs, controlling the menu and the tools', () => {
    render(header());
    expect(document.querySelector('.menu-check')).toBeNull();
    const button = screen.getByRole('button', { name: '菜单' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const controlled = (button.getAttribute('aria-controls') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(controlled).toHaveLength(2);
    expect(controlled[0]).toContainElement(screen.getByRole('navigation', { name: '主菜单' }));
    expect(controlled[1]).toContainElement(screen.getByRole('search'));
  });

  it('keeps the panel open when it was opened before the script arrived', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(header());
    const checkbox = container.querySelector<HTMLInputElement>('.menu-check');
    if (checkbox) checkbox.checked = true;
    const { hydrateRoot } = await import('react-dom/client');
    const root = hydrateRoot(container, header());
    await waitFor(() => expect(screen.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'true'));
    expect(container.querySelector('.site-header')).toHaveClass('menu-open');
    root.unmount();
    container.remove();
  });

  it('closes on Escape from inside the menu and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    render(header());
    const button = screen.getByRole('button', { name: '菜单' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button.closest('header')).toHaveClass('menu-open');
    within(screen.getByRole('navigation', { name: '主菜单' }))
      .getByRole('link', { name: '关于联盟' })
      .focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.closest('header')).not.toHaveClass('menu-open');
    expect(button).toHaveFocus();
  });

  it('closes when a menu item opens another page', async () => {
    const user = userEvent.setup();
    render(header());
    const button = screen.getByRole('button', { name: '菜单' });
    await user.click(button);
    await user.click(screen.getByRole('link', { name: '新闻动态' }));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it('has no control on pages without the menu, and shows the tools there', () => {
    render(header({ showMenu: false }));
    expect(screen.queryByRole('button', { name: '菜单' })).toBeNull();
    expect(document.querySelector('.site-header')).not.toHaveClass('has-fold');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});
