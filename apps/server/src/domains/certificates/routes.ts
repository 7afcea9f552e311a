import { api } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { forbidden } from '../../http/apiError';
import { defineFileRoute, defineRoute } from '../../http/defineRoute';
import { publicUrlOf } from '../../http/publicUrl';
import { allowedCard } from '../cardHolders/allowedCard';
import type { SmsSender } from '../cardHolders/smsSender';
import { sendSms } from '../credits/notices';
import { findReviewer } from '../credits/reviewCommands';
import { actingInstitution, ROLE_REFUSED } from '../institutions/cardRoles';
import type { PdfTools } from '../proofs/pdfDocument';
import {
  holderCertificatePdf,
  holderCertificates,
  institutionCertificatePdf,
  institutionCertificates,
} from './certificateCommands';
import { finaliseResults, listFinalEvents } from './finaliseCommands';

/**
 * Results made final and their certificates: operators list published events and make their results final;
 * holders, their schools and the organisers list and print the certificates. The public check by number and
 * name is the proofs' (`/verify`), since each certificate's number is on its ledger record.
 */
export const registerCertificateRoutes = (
  app: FastifyInstance,
  context: ServerContext,
  deps: { sms: SmsSender; pdfTools: () => Promise<PdfTools> },
) => {
  const { db, now, config } = context;
  const publicUrl = (request: FastifyRequest) => publicUrlOf(config.publicUrl, request);

  defineRoute(app, api.matchFinal.events, async ({ query }) => listFinalEvents(db.kysely, pageOfNumber(query), now()));
  defineRoute(app, api.matchFinal.finalise, async ({ params, request }) => {
    const actor = request.cardActor;
    if (!actor) throw forbidden(ROLE_REFUSED);
    const reviewer = await findReviewer(db.kysely, actor.cardNo);
    const { event, sms } = await finaliseResults(db, reviewer, params.eventId, now());
    await sendSms(deps.sms, sms, request.log);
    return event;
  });

  const calls = api.matchCertificates;
  defineRoute(app, calls.mine, async ({ query, request }) =>
    holderCertificates(db.kysely, (await allowedCard(db.kysely, request.cardHolder, query.cardNo)).cardNo),
  );
  defineFileRoute(app, calls.minePdf, async ({ params, query, request }) =>
    holderCertificatePdf(
      db.kysely,
      await deps.pdfTools(),
      (await allowedCard(db.kysely, request.cardHolder, query.cardNo)).cardNo,
      params.id,
      publicUrl(request),
    ),
  );
  defineRoute(app, calls.institution, async ({ query, request }) =>
    institutionCertificates(db.kysely, actingInstitution(request).institutionId, query.eventId, pageOfNumber(query)),
  );
  defineFileRoute(app, calls.institutionPdf, async ({ params, request }) =>
    institutionCertificatePdf(
      db.kysely,
      await deps.pdfTools(),
      actingInstitution(request).institutionId,
      params.id,
      publicUrl(request),
    ),
  );
};
