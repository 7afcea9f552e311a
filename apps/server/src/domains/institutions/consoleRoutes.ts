import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleResource } from '../../http/consoleResource';
import { listAnswer } from '../../http/contentRange';
import { defineRoute } from '../../http/defineRoute';
import { changeCardRoles, findCardAccount, listCardAccounts } from './cardAccounts';
import {
  changeInstitution,
  commitInstitutionImport,
  createInstitution,
  INSTITUTION_IMPORT_LIMITS,
  previewInstitutionImport,
} from './institutionCommands';
import { findInstitution, listInstitutions } from './institutionRepository';
import { receiveSheet } from './sheetUpload';

/** Institutions (one by one or imported) and the grant of institution and operator accounts; administrators only. */
export const registerConsoleInstitutionRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, now } = context;
  const calls = api.consoleApi;
  registerConsoleResource(
    app,
    context,
    'institutions',
    {
      list: calls.institutionList,
      one: calls.institutionOne,
      create: calls.institutionCreate,
      update: calls.institutionUpdate,
    },
    { list: listInstitutions, one: findInstitution, create: createInstitution, update: changeInstitution },
  );
  defineRoute(app, calls.institutionImportPreview, async ({ request }) =>
    previewInstitutionImport(db, await receiveSheet(request, INSTITUTION_IMPORT_LIMITS.maxBytes)),
  );
  defineRoute(app, calls.institutionImportCommit, async ({ request }) =>
    commitInstitutionImport(
      db,
      await receiveSheet(request, INSTITUTION_IMPORT_LIMITS.maxBytes),
      request.consoleUser,
      now(),
    ),
  );

  defineRoute(app, calls.cardAccountList, async ({ query, reply }) =>
    listAnswer(reply, 'cardAccounts', query.range, await listCardAccounts(db.kysely, query)),
  );
  defineRoute(app, calls.cardAccountOne, async ({ params }) => findCardAccount(db.kysely, params.id));
  defineRoute(app, calls.cardAccountUpdate, async ({ params, body, request }) => {
    const account = await changeCardRoles(db, params.id, body, request.consoleUser, now());
    // Who gave a card the right to write pupils' records is worth a line in the log as well as the audit.
    request.log.info({ cardNo: params.id, by: request.consoleUser?.username, change: body }, 'card roles changed');
    return account;
  });
};
