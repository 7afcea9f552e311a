import { BANNER, type ImageMessage } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../shared/prefersReducedMotion';
import { isExternal, safeHref } from '../../shared/safeUrl';
import { useHydrated } from '../../shared/useHydrated';
import { useElderlyMode } from '../elderlyMode';
import { openBanner } from '../layoutCalls';
import { BANNER_FRAME_MS, BANNER_TOTAL_MS, bannerHeightAt } from './bannerHeight';

/** On the root element while the banner is open. */
export const BANNER_OPEN_CLASS = 'banner-open';
/** The wrapper of everything the open banner moves down (the layout renders it). */
export const PUSHED_CLASS = 'site-pushed';

const pushedElements = () => document.querySelectorAll<HTMLElement>(`.${PUSHED_CLASS}`);

const releasePage = () => {
  document.documentElement.classList.remove(BANNER_OPEN_CLASS);
  for (const element of pushedElements()) element.style.removeProperty('transform');
};

const AnimatedBanner = ({ banner }: { banner: ImageMessage }) => {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [ended, setEnded] = useState(false);
  const box = useRef<HTMLElement>(null);

  // Closed (by time or by its control), the effect's cleanup stops the clock and puts the page back in its
  // place at once; the component stays mounted, showing nothing.
  useEffect(() => {
    if (ended) return;
    const start = Date.now();
    const root = document.documentElement;
    // The height follows the banner's width (405:1000), so a phone gets a proportionally lower banner. The
    // width is read once and again only when the window is resized: reading it on every frame, just after the
    // last frame's writes, would make the browser lay the page out twice per frame.
    let scale = 1;
    const measure = () => {
      // Before layout (no width measured yet) the nominal 1000 px.
      scale = box.current?.offsetWidth ? box.current.offsetWidth / 1000 : 1;
    };
    measure();
    window.addEventListener('resize', measure);
    // The page below moves down with the banner, so nothing of the header, menu or forms lies under it. It
    // moves by a transform on its own wrapper, which is no layout shift (the boxes keep their places and only
    // paint elsewhere) and restyles that one element: a value set on the root would restyle the whole document
    // on every frame. The layout renders the wrapper before this effect runs, so it is looked up once.
    const pushed = pushedElements();
    const push = (height: number) => {
      if (box.current) box.current.style.height = `${height}px`;
      for (const element of pushed) element.style.transform = `translateY(${height}px)`;
    };
    root.classList.add(BANNER_OPEN_CLASS);
    push(reducedMotion ? BANNER.heightPx * scale : 0);
    // The height is written straight to the elements, not through React state: a re-render every frame would
    // block the main thread for the whole animation on a slow phone.
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= BANNER_TOTAL_MS) {
        window.clearInterval(timer);
        setEnded(true);
      } else if (!reducedMotion) {
        push(bannerHeightAt(elapsed) * scale);
      }
    }, BANNER_FRAME_MS);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      releasePage();
    };
  }, [reducedMotion, ended]);

  if (ended) return null;
  // With prefers-reduced-motion the banner shows at its full height for the same time, without moving.
  const href = safeHref(banner.urlAddress);
  const image = (
    <img src={banner.photoAddress} alt={banner.photoTitle || '广告'} width={1000} height={BANNER.heightPx} />
  );
  return (
    <aside className="banner-ad" aria-label="广告" data-testid="banner-ad" ref={box} style={{ height: 0 }}>
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

/** The layout loader's banner list, as the layout route hands it on. */
export type BannerList = CallResult<{ seachList: ImageMessage[] }>;

/** The optional top banner ad, the newest open one of `banners`; never in the elderly-friendly mode (no ads there). */
export const BannerAd = ({ banners }: { banners: BannerList }) => {
  const { enabled } = useElderlyMode();
  // It starts at height 0 and animates in the browser only, so the server's HTML has none.
  const hydrated = useHydrated();
  const banner = banners.ok ? openBanner(banners.data.seachList) : undefined;
  return enabled || !hydrated || !banner ? null : <AnimatedBanner key={banner.id} banner={banner} />;
};
