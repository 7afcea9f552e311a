import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { api, VERIFY_RULES } from '@lianmeng/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { publicUrlOf } from '../../http/publicUrl';
import type { PortalPageHandler } from '../../render';
import { type AttemptRule, createAttemptLimiter } from '../../security/attemptLimiter';
import { loadActivationCodeHasher } from '../activation/activationCodes';
import { type CaptchaAnswer, type CaptchaGate, createCaptcha } from '../captcha';
import { allowedCard } from '../cardHolders/allowedCard';
import { beijingDate } from '../credits/policy';
import { actingInstitution } from '../institutions/cardRoles';
import { findInstitutionRow } from '../institutions/institutionRepository';
import { reissuePendingCodes } from '../institutions/rosterCommands';
import { type PageCheck, registerCheckPageRoute } from './checkPageRoute';
import { fontMissing, loadPdfTools, type PdfTools, pdfDownload } from './pdfDocument';
import { PROOF_REFUSALS } from './policy';
import { createProofCheckLog, type ProofCheckLog } from './proofCheckLog';
import {
  downloadProof,
  issueProof,
  listProofs,
  revokeHolderProof,
  verifyCertificate,
  verifyProofCode,
} from './proofCommands';
import { loadProofSigningKey, type ProofSigningKey } from './signingKey';
import { slipsPdf } from './slipsPdf';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public checks waiting to be written (proofCheckLog.ts): flushed before anything reads them. */
    proofChecks: ProofCheckLog;
  }
}

const LOOKUPS: AttemptRule = {
  name: 'verify:address',
  max: VERIFY_RULES.perAddress,
  windowMs: VERIFY_RULES.windowMs,
  message: PROOF_REFUSALS.tooMany,
};
const MISSES: AttemptRule = {
  name: 'verify-miss:address',
  max: VERIFY_RULES.missesBeforeChallenge,
  windowMs: VERIFY_RULES.windowMs,
  message: PROOF_REFUSALS.tooMany,
};

/** The check pages, rendered on the server: their lookups are counted against the visitor, not the server. */
const CHECK_PAGE = /^\/verify(?:[/?]|$)/;
export const CERTIFICATE_PATH = '/verify/certificate.pem';

/**
 * The server renders a check page by calling the check API in-process, where the request's address is the
 * server's own. The page request's address is carried to that call in the async context instead, so every
 * visitor is counted as themselves and no visitor's lookups can use up another's; the call notes there
 * whether it counted a check, so only a page of a counted check is kept.
 */
const pageVisitor = new AsyncLocalStorage<PageCheck>();

const lazily = <T>(load: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
};

/**
 * Proofs (学习成果证明): the holder issues, lists, downloads and revokes them; anyone checks them by code or a
 * certificate by number and name, a bounded number of times per address; institutions print activation
 * slips. The font must be there at start-up; the signing key is loaded (or generated) on first use. Answers
 * the PDF tools (font and signing), which the certificates share.
 */
export const registerProofRoutes = (
  app: FastifyInstance,
  context: ServerContext,
  /** The portal's page handler (null when the portal is not built): the check page falls back to it. */
  portalPage: PortalPageHandler | null,
) => {
  const { db, now, config } = context;
  // Checked at start-up, though the font is read on first use: a site without it should not start at all.
  if (!fs.existsSync(config.proofFont)) throw fontMissing(config.proofFont);
  const signingKey = lazily<ProofSigningKey>(() => loadProofSigningKey(config.dataDir, config.proofSigning, now()));
  const tools = lazily<PdfTools>(async () => loadPdfTools(config.proofFont, await signingKey()));
  const hashOf = lazily(() => loadActivationCodeHasher(config));
  const limiter = createAttemptLimiter(db, now);
  const captcha: CaptchaGate = createCaptcha(context).gate;
  const publicUrl = (request: FastifyRequest) => publicUrlOf(config.publicUrl, request);

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' && CHECK_PAGE.test(request.url) && !request.url.startsWith(CERTIFICATE_PATH)) {
      pageVisitor.run({ address: request.ip, counted: false }, done);
    } else done();
  });

  const checks = createProofCheckLog(db, app.log);
  app.decorate('proofChecks', checks);
  app.addHook('onClose', () => checks.close());

  const lookup = (address: string) => ({ rule: LOOKUPS, subject: address });
  const miss = (address: string) => ({ rule: MISSES, subject: address });
  /**
   * The one admission of every lookup, the API's and the kept page's: counted in one step unless the address
   * has reached its limit or (the challenge being on) its misses call for the challenge. Nearly every lookup
   * ends there. Otherwise the page (no answer to give) counts nothing and is handed to the rendered page,
   * whose call comes back here with the visitor's answer: refused past the limit with nothing counted, or
   * counted and asked the challenge.
   */
  const admission = async (address: string, answer: CaptchaAnswer | null, log: FastifyBaseLogger) => {
    if (await limiter.takeIfClear([lookup(address)], captcha.enabled ? [miss(address)] : [])) return true;
    if (answer === null) return false;
    await limiter.take([lookup(address)]);
    const misses = await limiter.recent(MISSES, address);
    await captcha.demand(answer, misses.count >= VERIFY_RULES.missesBeforeChallenge, log);
    return true;
  };
  /** Admits an API lookup (throws to refuse), with the page visitor's address when a page is being rendered. */
  const admit = async (answer: CaptchaAnswer, request: FastifyRequest) => {
    const visitor = pageVisitor.getStore();
    const address = visitor?.address ?? request.ip;
    await admission(address, answer, request.log);
    return { address, visitor };
  };
  const missed = (address: string) => limiter.record([miss(address)]);

  const holderCard = async (request: FastifyRequest, cardNo: string | undefined) =>
    allowedCard(db.kysely, request.cardHolder, cardNo);

  const calls = api.proofs;
  defineRoute(app, calls.issue, async ({ body, request }) =>
    issueProof(db, await tools(), await holderCard(request, body.cardNo), body, publicUrl(request), now()),
  );
  defineRoute(app, calls.list, async ({ query, request }) => {
    const { cardNo } = await holderCard(request, query.cardNo);
    // Every check this process has taken is in the counts.
    await checks.flush();
    return listProofs(db, cardNo, now());
  });
  defineRoute(app, calls.download, async ({ params, query, request }) =>
    downloadProof(db, (await holderCard(request, query.cardNo)).cardNo, params.id),
  );
  defineRoute(app, calls.revoke, async ({ params, body, request }) => {
    const { cardNo } = await holderCard(request, body.cardNo);
    // The checks before the revocation are written before it, and counted in the answer.
    await checks.flush();
    return revokeHolderProof(db, cardNo, params.id, now());
  });
  defineRoute(app, calls.verify, async ({ params, query, request }) => {
    const { address, visitor } = await admit(query, request);
    const answer = await verifyProofCode(db, checks, params.code, now());
    if (answer.verdict === 'notFound') await missed(address);
    else if (visitor) visitor.counted = true;
    return answer;
  });
  defineRoute(app, calls.verifyCertificate, async ({ query, request }) => {
    const { address } = await admit(query, request);
    const answer = await verifyCertificate(db, query.certificateNo, query.name, now());
    if (answer.verdict === 'notFound') await missed(address);
    return answer;
  });
  defineRoute(app, calls.slips, async ({ params, request }) => {
    const actor = actingInstitution(request);
    const pdfTools = await tools();
    const institution = await findInstitutionRow(db.kysely, actor.institutionId);
    const { cards, codes } = await reissuePendingCodes(db, await hashOf(), actor, params.batchId, now(), 'slips');
    const base = publicUrl(request);
    const slips = cards.map((card) => {
      const issued = codes.get(card.cardNo);
      const code = issued?.code ?? '';
      return {
        cardNo: card.cardNo,
        name: card.name,
        grade: card.grade,
        code,
        expires: beijingDate(new Date(issued?.expiresTime ?? 0)),
        // In the fragment: it never reaches a server or its logs.
        activateUrl: `${base}/creditBank/activate#cardNo=${card.cardNo}&code=${code}`,
      };
    });
    return pdfDownload(`激活单-批次${params.batchId}.pdf`, await slipsPdf(pdfTools, institution?.name ?? '', slips));
  });

  if (portalPage) {
    registerCheckPageRoute(app, context, {
      portalPage,
      admitPage: (address) => admission(address, null, app.log),
      checks,
      pageCheck: () => pageVisitor.getStore(),
    });
  }

  // The signing certificate at a stable address, for anyone who wants to pin it.
  app.get(CERTIFICATE_PATH, async (_request, reply) =>
    reply
      .header('Content-Type', 'application/x-pem-file')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Disposition', 'inline; filename="proof-signing-certificate.pem"')
      .send((await signingKey()).certificatePem),
  );
  return { pdfTools: tools };
};
