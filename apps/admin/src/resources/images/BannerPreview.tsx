import { BANNER } from '@lianmeng/core';
import { Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';

export const BANNER_PLAY_MS = BANNER.openMs + BANNER.holdMs + BANNER.closeMs;
const FRAME_MS = 10;

/** The portal's banner height at a moment of its play: 0 → 405 px over 3 s, 1 s at full height, back over 3 s. */
export const bannerHeightAt = (elapsedMs: number): number => {
  const { heightPx, openMs, holdMs, closeMs } = BANNER;
  if (elapsedMs <= 0) return 0;
  if (elapsedMs < openMs) return (heightPx * elapsedMs) / openMs;
  if (elapsedMs <= openMs + holdMs) return heightPx;
  if (elapsedMs < BANNER_PLAY_MS) return (heightPx * (BANNER_PLAY_MS - elapsedMs)) / closeMs;
  return 0;
};

/** One play of the banner at the portal's width, height and timing. */
export const BannerPlayer = ({ src, title, onEnd }: { src: string; title: string; onEnd: () => void }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const start = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= BANNER_PLAY_MS) {
        window.clearInterval(timer);
        onEnd();
      } else if (box.current) {
        box.current.style.height = `${bannerHeightAt(elapsed)}px`;
      }
    }, FRAME_MS);
    return () => window.clearInterval(timer);
  }, [onEnd]);
  return (
    <Box sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider' }}>
      <div
        ref={box}
        role="img"
        aria-label={`横幅预览：${title}`}
        data-testid="banner-preview"
        style={{ width: BANNER.recommendedWidthPx, height: 0, overflow: 'hidden', background: '#fff' }}
      >
        <img src={src} alt="" width={BANNER.recommendedWidthPx} height={BANNER.heightPx} style={{ display: 'block' }} />
      </div>
    </Box>
  );
};

/** 播放预览 in the banner form: the image as the portal will show it, once per click. */
export const BannerPreview = () => {
  const [photoAddress, photoTitle] = useWatch({ name: ['photoAddress', 'photoTitle'] }) as [
    string | undefined,
    string | undefined,
  ];
  const [play, setPlay] = useState(0);
  const [playing, setPlaying] = useState(false);
  const end = useRef(() => setPlaying(false)).current;
  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <Button
        variant="outlined"
        disabled={!photoAddress || playing}
        onClick={() => {
          setPlay((count) => count + 1);
          setPlaying(true);
        }}
      >
        播放预览（与前台相同：3 秒展开、停留 1 秒、3 秒收起）
      </Button>
      {playing && photoAddress ? (
        <BannerPlayer key={play} src={photoAddress} title={photoTitle ?? ''} onEnd={end} />
      ) : null}
    </Box>
  );
};
