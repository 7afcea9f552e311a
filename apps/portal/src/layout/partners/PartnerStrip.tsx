import { type ImageMessage, MARQUEE, PARTNER_TILE } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../shared/prefersReducedMotion';
import { safeHref } from '../../shared/safeUrl';
import { useBrowserValue } from '../../shared/useHydrated';

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

/** The partner tiles of the layout loader's list, or nothing when there are none or the list could not be read. */
export const PartnerStrip = ({ partners }: { partners: CallResult<{ seachList: ImageMessage[] }> }) => {
  // The list is used only when the response status is 200: the client answers ok only then.
  const list = partners.ok ? partners.data.seachList : [];
  return list.length > 0 ? <Marquee partners={list} /> : null;
};
