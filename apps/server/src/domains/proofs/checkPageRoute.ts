import { normalizeProofCode, PROOF_CODE_ALPHABET, PROOF_CODE_LENGTH } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { createPageCache } from '../../cache/pages';
import type { ServerContext } from '../../context';
import { elderlyModeOf, type PortalPageHandler, sendPage } from '../../render';
import { addDays, beijingDayStart } from '../credits/policy';
import { proofState } from './policy';
import type { ProofCheckLog } from './proofCheckLog';
import { findProofForCheck } from './proofRepository';

const WELL_FORMED = new RegExp(`^[${PROOF_CODE_ALPHABET}]{${PROOF_CODE_LENGTH}}$`);

/** What the page-rendering path tells the kept page's route: whether the check it rendered was counted. */
export interface PageCheck {
  address: string;
  counted: boolean;
}

/**
 * `/verify/<code>`, the page a proof's QR opens, kept per proof state: the rendered page of a known proof is
 * kept in the server's cache (its `checkPage` section) under the origin, the code as written, the holder's
 * ledger version and the elderly mode, with the site version as the entry's version, until the end of the
 * proof's last valid day (Beijing time) and at most PAGE_CACHE_MAX_AGE_MS. A revocation, a reversal, a renamed
 * holder bumps the ledger version (triggers, whichever process writes), so the next visit renders afresh.
 * Every visit still counts: a kept page is sent only after the visitor's lookup was admitted and counted and
 * the check recorded; a visitor to refuse or challenge, an unknown or malformed code, or a page not kept yet
 * is rendered by the portal's handler as any page, whose loader counts, refuses or asks.
 */
export const registerCheckPageRoute = (
  app: FastifyInstance,
  context: ServerContext,
  deps: {
    portalPage: PortalPageHandler;
    /** Counts the lookup if the visitor needs neither refusal nor challenge; false: counted nothing. */
    admitPage(address: string): Promise<boolean>;
    checks: ProofCheckLog;
    /** The check the page's loader made in this request, once it has rendered. */
    pageCheck(): PageCheck | undefined;
  },
) => {
  const { db, now } = context;
  const { portalPage, admitPage, checks, pageCheck } = deps;
  const pages = createPageCache(() => now().getTime(), app.cache.store, 'checkPage');

  app.get<{ Params: { code: string } }>('/verify/:code', async (request, reply) => {
    const code = normalizeProofCode(request.params.code);
    // A query (an answer to the challenge) goes to the page's loader as it is.
    if (!WELL_FORMED.test(code) || request.url.includes('?')) return portalPage(request, reply);
    // Read before rendering: a change landing meanwhile leaves a newer page under the older version, which
    // the next visit finds stale; never an older page kept as current.
    const [proof, siteVersion] = await Promise.all([
      findProofForCheck(db.kysely, code),
      app.cache.siteVersion.current(),
    ]);
    if (!proof) return portalPage(request, reply);
    const origin = `${request.protocol}://${request.host}`;
    // The code as written: the page shows it (the address, the form's hydration data).
    const key = `${origin}\u0000${request.params.code}\u0000${proof.version}\u0000${elderlyModeOf(request) ? 'elderly' : 'standard'}`;
    const kept = pages.get(key, siteVersion);
    if (kept && (await admitPage(request.ip))) {
      const current = now();
      checks.add(proof.id, proofState(proof, current), current);
      return sendPage(request, reply, kept.status, { text: kept.body, gzip: kept.gzip }, 'hit');
    }
    return portalPage(request, reply, {
      rendered(page) {
        // Only the verdict page of a check that was admitted and counted: never a refusal or a challenge.
        if (page.status !== 200 || !pageCheck()?.counted) return;
        // Until the end of the last valid day, when 真实有效 turns 已过期 with no write; a page past it stays as it is.
        const validEnds = Date.parse(beijingDayStart(addDays(proof.validUntil, 1)));
        const dayEnds = validEnds > now().getTime() ? validEnds : Number.POSITIVE_INFINITY;
        pages.set(key, {
          ...page,
          version: siteVersion,
          expiresAt: Math.min(page.expiresAt ?? Number.POSITIVE_INFINITY, dayEnds),
        });
      },
    });
  });
};
