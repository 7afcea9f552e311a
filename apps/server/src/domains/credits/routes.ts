import { api, CREDIT_IMPORT_LIMITS } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { forbidden } from '../../http/apiError';
import { registerConsoleResource } from '../../http/consoleResource';
import { defineRoute } from '../../http/defineRoute';
import { allowedCard } from '../cardHolders/allowedCard';
import type { SmsSender } from '../cardHolders/smsSender';
import { actingInstitution, ROLE_REFUSED } from '../institutions/cardRoles';
import { receiveSheet } from '../institutions/sheetUpload';
import { changeCatalogueItem, createCatalogueItem } from './catalogueCommands';
import { activeCatalogue, findCatalogueItem, listCatalogue } from './catalogueRepository';
import { commitCreditImport, creditTemplate, previewCreditImport } from './creditImport';
import { receiveEvidence, recordEvidence, storeEvidence } from './evidenceUpload';
import { listLedgerRecords } from './ledgerRepository';
import { listMessages, markMessagesRead, unreadCount } from './messageRepository';
import { sendSms } from './notices';
import { answerObjection, objectToRecord } from './objectionCommands';
import { listObjections } from './objectionRepository';
import { recordCredit, reverseCredit } from './recordCommands';
import { approveBatch, approveRecords, findReviewer, returnBatch, returnRecords, reviewQueue } from './reviewCommands';

/** The operator a review call acts as, set by the role check. */
const actingOperator = (request: FastifyRequest) => {
  const actor = request.cardActor;
  if (!actor) throw forbidden(ROLE_REFUSED);
  return actor.cardNo;
};

/** Recording, reversals and objections: every call acts for the caller's own institution. */
export const registerCreditWorkbenchRoutes = (app: FastifyInstance, { db, now }: ServerContext, sms: SmsSender) => {
  const calls = api.creditWorkbench;
  defineRoute(app, calls.catalogue, async () => activeCatalogue(db.kysely));
  defineRoute(app, calls.evidenceUpload, async ({ request }) =>
    storeEvidence(db, actingInstitution(request), await receiveEvidence(request), now()),
  );
  defineRoute(app, calls.record, async ({ body, request }) =>
    recordCredit(db, actingInstitution(request), body, now()),
  );
  defineRoute(app, calls.list, async ({ query, request }) =>
    listLedgerRecords(
      db.kysely,
      {
        institutionId: actingInstitution(request).institutionId,
        state: query.state,
        cardNo: query.cardNo,
        batchId: query.batchId,
      },
      pageOfNumber(query),
    ),
  );
  defineRoute(app, calls.template, async () => creditTemplate());
  defineRoute(app, calls.importPreview, async ({ request }) =>
    previewCreditImport(
      db,
      actingInstitution(request),
      await receiveSheet(request, CREDIT_IMPORT_LIMITS.maxBytes),
      now(),
    ),
  );
  defineRoute(app, calls.importCommit, async ({ request }) =>
    commitCreditImport(
      db,
      actingInstitution(request),
      await receiveSheet(request, CREDIT_IMPORT_LIMITS.maxBytes),
      now(),
    ),
  );
  defineRoute(app, calls.evidence, async ({ params, request }) =>
    recordEvidence(db.kysely, params.id, { institutionId: actingInstitution(request).institutionId }),
  );
  defineRoute(app, calls.reverse, async ({ params, body, request }) =>
    reverseCredit(db, actingInstitution(request), params.id, body.reason, now()),
  );
  defineRoute(app, calls.objections, async ({ query, request }) =>
    listObjections(db.kysely, actingInstitution(request).institutionId, query.state, pageOfNumber(query)),
  );
  defineRoute(app, calls.answerObjection, async ({ params, body, request }) => {
    const { objection, sms: lines } = await answerObjection(
      db,
      actingInstitution(request),
      params.id,
      body.decision,
      body.explanation,
      now(),
    );
    await sendSms(sms, lines, request.log);
    return objection;
  });
};

/** Review by operators. */
export const registerCreditReviewRoutes = (app: FastifyInstance, { db, now }: ServerContext, sms: SmsSender) => {
  const calls = api.creditReview;
  const reviewer = (request: FastifyRequest) => findReviewer(db.kysely, actingOperator(request));
  defineRoute(app, calls.queue, async ({ query, request }) =>
    reviewQueue(
      db.kysely,
      await reviewer(request),
      { institutionId: query.institutionId, from: query.from, to: query.to },
      pageOfNumber(query),
    ),
  );
  defineRoute(app, calls.records, async ({ query, request }) => {
    actingOperator(request);
    return listLedgerRecords(
      db.kysely,
      { state: query.state ?? 'submitted', batchId: query.batchId, institutionId: query.institutionId },
      pageOfNumber(query),
    );
  });
  defineRoute(app, calls.approveBatch, async ({ params, request }) => {
    const { posted, sms: lines } = await approveBatch(db, await reviewer(request), params.batchId, now());
    await sendSms(sms, lines, request.log);
    return { posted };
  });
  defineRoute(app, calls.returnBatch, async ({ params, body, request }) =>
    returnBatch(db, await reviewer(request), params.batchId, body.reason, now()),
  );
  defineRoute(app, calls.approveRecords, async ({ body, request }) => {
    const { posted, sms: lines } = await approveRecords(db, await reviewer(request), body.ids, now());
    await sendSms(sms, lines, request.log);
    return { posted };
  });
  defineRoute(app, calls.returnRecords, async ({ body, request }) =>
    returnRecords(db, await reviewer(request), body.ids, body.reason, now()),
  );
  defineRoute(app, calls.evidence, async ({ params, request }) => {
    actingOperator(request);
    return recordEvidence(db.kysely, params.id, 'operator');
  });
};

/** The holder's evidence, objections and inbox, for a card the token may read. */
export const registerCreditHolderRoutes = (app: FastifyInstance, { db, now }: ServerContext) => {
  const calls = api.creditHolder;
  const card = async (request: FastifyRequest, cardNo: string | undefined) =>
    (await allowedCard(db.kysely, request.cardHolder, cardNo)).cardNo;
  defineRoute(app, calls.evidence, async ({ params, query, request }) =>
    recordEvidence(db.kysely, params.id, { cardNo: await card(request, query.cardNo) }),
  );
  defineRoute(app, calls.object, async ({ params, body, request }) =>
    objectToRecord(db, await card(request, body.cardNo), params.id, body.reason, now()),
  );
  defineRoute(app, calls.messages, async ({ query, request }) =>
    listMessages(db.kysely, await card(request, query.cardNo), pageOfNumber(query)),
  );
  defineRoute(app, calls.unreadCount, async ({ query, request }) => ({
    unread: await unreadCount(db.kysely, await card(request, query.cardNo)),
  }));
  defineRoute(app, calls.markRead, async ({ body, request }) => {
    const cardNo = await card(request, body.cardNo);
    await markMessagesRead(db.kysely, cardNo, body.ids, now().toISOString());
    return { unread: await unreadCount(db.kysely, cardNo) };
  });
};

/** The catalogue (学分项目目录) in the console; administrators only. */
export const registerCatalogueRoutes = (app: FastifyInstance, context: ServerContext) => {
  const calls = api.consoleApi;
  registerConsoleResource(
    app,
    context,
    'catalogue',
    {
      list: calls.catalogueList,
      one: calls.catalogueOne,
      create: calls.catalogueCreate,
      update: calls.catalogueUpdate,
    },
    { list: listCatalogue, one: findCatalogueItem, create: createCatalogueItem, update: changeCatalogueItem },
  );
};
