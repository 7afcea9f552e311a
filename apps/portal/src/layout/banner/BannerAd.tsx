import { api, BANNER, type ImageMessage } from '@lianmeng/core';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../shared/prefersReducedMotion';
import { isExternal, safeHref } from '../../shared/safeUrl';
import { useCall } from '../../shared/useCall';
import { useHydrated } from '../../shared/useHydrated';
import { useElderlyMode } from '../elderlyMode';
import { BANNER_REQUEST, openBanner } from '../layoutCalls';
import { BANNER_FRAME_MS, BANNER_TOTAL_MS, bannerHeightAt } from './bannerHeight';

export { BANNER_REQUEST };

const AnimatedBanner = ({ banner }: { banner: ImageMessage }) => {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [ended, setEnded] = useState(false);
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    const start = Date.now();
    // The height is written straight to the element, not through React state: a re-render every frame would
    // block the main thread for the whole animation on a slow phone.
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= BANNER_TOTAL_MS) {
        window.clearInterval(timer);
        setEnded(true);
      } else if (box.current && !reducedMotion) {
        box.current.style.height = `${bannerHeightAt(elapsed)}px`;
      }
    }, BANNER_FRAME_MS);
    return () => window.clearInterval(timer);
  }, [reducedMotion]);

  if (ended) return null;
  // With prefers-reduced-motion the banner shows at its full height for the same time, without moving.
  const initialHeight = reducedMotion ? BANNER.heightPx : 0;
  const href = safeHref(banner.urlAddress);
  const image = (
    <img src={banner.photoAddress} alt={banner.photoTitle || '广告'} width={1000} height={BANNER.heightPx} />
  );
  return (
    // An overlay above the page: its growing height never pushes the content (no layout shift).
    <aside
      className="banner-ad"
      aria-label="广告"
      data-testid="banner-ad"
      ref={box}
      style={{ height: `${initialHeight}px` }}
    >
      {href ? (
        <a href={href} {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {image}
        </a>
      ) : (
        image
      )}
      <button type="button" className="banner-ad-close" onClick={() => setEnded(true)}>
        关闭广告
      </button>
    </aside>
  );
};

const BannerLoader = () => {
  const { data } = useCall(api.img.search, BANNER_REQUEST);
  const banner = openBanner(data?.seachList);
  return banner ? <AnimatedBanner key={banner.id} banner={banner} /> : null;
};

/** The optional top banner ad; never in the elderly-friendly mode (no ads there). */
export const BannerAd = () => {
  const { enabled } = useElderlyMode();
  // It starts at height 0 and animates in the browser only, so the server's HTML has none.
  const hydrated = useHydrated();
  return enabled || !hydrated ? null : <BannerLoader />;
};
