import { api, type ImageMessage, MARQUEE, PARTNER_TILE } from '@lianmeng/core';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../shared/prefersReducedMotion';
import { safeHref } from '../../shared/safeUrl';
import { useCall } from '../../shared/useCall';
import { useBrowserValue } from '../../shared/useHydrated';

import { PARTNER_REQUEST } from '../layoutCalls';

export { PARTNER_REQUEST };

/** Space between two tiles; one tile's slot is the tile plus this. */
export const PARTNER_GAP_PX = 10;
const SLOT_PX = PARTNER_TILE.widthPx + PARTNER_GAP_PX;

const Tile = ({ partner, hidden }: { partner: ImageMessage; hidden: boolean }) => {
  const href = safeHref(partner.urlAddress);
  const image = (
    <img
      src={partner.smallPhotoAddress || partner.photoAddress}
      alt={hidden ? '' : partner.photoTitle}
      width={PARTNER_TILE.widthPx}
      height={PARTNER_TILE.heightPx}
      loading="lazy"
    />
  );
  return (
    <li
      className="partner-tile"
      aria-hidden={hidden || undefined}
      style={{ width: PARTNER_TILE.widthPx, height: PARTNER_TILE.heightPx }}
    >
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" tabIndex={hidden ? -1 : undefined}>
          {image}
        </a>
      ) : (
        image
      )}
    </li>
  );
};

/**
 * The scrolling strip of partner logos: one pixel every 20 ms from 30 ms after load. The list is drawn
 * twice, so when the first copy has scrolled out the offset wraps to 0 and the picture is the same: no jump.
 */
export const Marquee = ({ partners }: { partners: ImageMessage[] }) => {
  const track = useRef<HTMLUListElement>(null);
  const paused = useRef(false);
  const reducedMotion = useBrowserValue(prefersReducedMotion, false);
  const cycle = partners.length * SLOT_PX;

  useEffect(() => {
    // Written straight to the track, not through React state: a re-render of every tile fifty times a second
    // would keep the main thread busy for as long as the page is open. `data-offset` says where the strip
    // stands to whoever reads the page.
    let offset = 0;
    const place = () => {
      if (!track.current) return;
      track.current.style.transform = `translateX(-${offset}px)`;
      track.current.dataset.offset = String(offset);
    };
    // A new list of partners, or a visitor who now asks for less motion, starts the strip from its beginning.
    place();
    if (reducedMotion || cycle === 0) return;
    let interval: number | undefined;
    const start = window.setTimeout(() => {
      interval = window.setInterval(() => {
        if (paused.current) return;
        offset = (offset + MARQUEE.stepPx) % cycle;
        place();
      }, MARQUEE.tickMs);
    }, MARQUEE.startDelayMs);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(interval);
    };
  }, [cycle, reducedMotion]);

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };

  return (
    <section
      className="partner-strip"
      aria-label="合作伙伴"
      data-testid="partner-strip"
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
      }}
    >
      <h2 className="visually-hidden">合作伙伴</h2>
      <div className="partner-window">
        <ul
          ref={track}
          className="partner-track"
          data-testid="partner-track"
          data-offset={0}
          style={{ transform: 'translateX(-0px)', gap: PARTNER_GAP_PX }}
        >
          {partners.map((partner) => (
            <Tile key={partner.id} partner={partner} hidden={false} />
          ))}
          {!reducedMotion &&
            partners.map((partner) => <Tile key={`copy-${partner.id}`} partner={partner} hidden={true} />)}
        </ul>
      </div>
    </section>
  );
};

export const PartnerStrip = () => {
  // The list is used only when the response status is 200 (spec section 7): the client answers ok only then.
  const { loading, data } = useCall(api.img.search, PARTNER_REQUEST);
  const partners = data?.seachList ?? [];
  // The strip's room is kept while it loads, so the footer does not jump when the logos arrive.
  if (loading) return <div className="partner-strip partner-strip-placeholder" aria-hidden="true" />;
  return partners.length > 0 ? <Marquee partners={partners} /> : null;
};
