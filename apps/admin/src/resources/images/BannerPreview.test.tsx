import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_PLAY_MS, BannerPlayer } from './BannerPreview';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const heightAfter = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  return screen.getByTestId('banner-preview').style.height;
};

describe('the banner preview', () => {
  it('plays as the portal does: 0 → 405 px over 3 s, 1 s at full height, back to 0 over 3 s, then ends', async () => {
    const onEnd = vi.fn();
    render(<BannerPlayer src="/uploads/b.png" title="年度大会" onEnd={onEnd} />);
    expect(screen.getByRole('img', { name: '横幅预览：年度大会' })).toHaveStyle({ height: '0px', width: '1000px' });
    expect(await heightAfter(1500)).toBe('202.5px');
    expect(await heightAfter(1500)).toBe('405px');
    expect(await heightAfter(1000)).toBe('405px');
    expect(await heightAfter(1500)).toBe('202.5px');
    expect(onEnd).not.toHaveBeenCalled();
    await heightAfter(BANNER_PLAY_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
