import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPortalServer } from '../testing/portalServer';
import { renderApp } from '../testing/renderApp';

setupPortalServer();

describe('the portal shell', () => {
  it.each(['/no/such/page', '/', '/home', '/news/list/1/extra/segments'])('sends %s to /index', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: '新闻动态' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/index');
    await waitFor(() => expect(document.title).toBe('首页 - 全国学校体育联盟（机器人运动）'));
  });

  it('has a skip link to the main content', async () => {
    renderApp('/index');
    const skip = await screen.findByRole('link', { name: '跳到主要内容' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });
});
