import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('the portal shell', () => {
  it('sends an unknown path to /index', async () => {
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByRole('heading', { name: '全国学校体育联盟（机器人运动）' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/index');
  });
});
