import { api, ROSTER_LIMITS } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { pageOfNumber } from '../../db/listPage';
import { forbidden } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import type { ActivationCodeHasher } from '../activation/activationCodes';
import { actingInstitution, ROLE_REFUSED } from './cardRoles';
import { findInstitutionRow, toMyInstitution } from './institutionRepository';
import { listPeople } from './memberRepository';
import { reissueCode, unlinkMember } from './peopleCommands';
import { listBatches } from './rosterBatchRepository';
import { commitRoster, previewRoster, reissueBatchCodes } from './rosterCommands';
import { rosterTemplate } from './rosterTemplate';
import { receiveSheet } from './sheetUpload';

/**
 * The institution workbench. Every call acts for the institution of the caller's account (set by the role
 * check from the account, never from the request), so ids and card numbers of another institution are
 * simply not found.
 */
export const registerWorkbenchRoutes = (
  app: FastifyInstance,
  { db, now }: ServerContext,
  hashOf: ActivationCodeHasher,
) => {
  const calls = api.institutionWorkbench;
  defineRoute(app, calls.mine, async ({ request }) => {
    const row = await findInstitutionRow(db.kysely, actingInstitution(request).institutionId);
    if (!row) throw forbidden(ROLE_REFUSED);
    return toMyInstitution(row);
  });
  defineRoute(app, calls.people, async ({ query, request }) =>
    listPeople(
      db.kysely,
      {
        institutionId: actingInstitution(request).institutionId,
        keyword: query.keyword || undefined,
        state: query.state,
      },
      pageOfNumber(query),
    ),
  );
  defineRoute(app, calls.rosterTemplate, async () => rosterTemplate());
  defineRoute(app, calls.rosterPreview, async ({ request }) =>
    previewRoster(db, actingInstitution(request), await receiveSheet(request, ROSTER_LIMITS.maxBytes), now()),
  );
  defineRoute(app, calls.rosterCommit, async ({ request }) =>
    commitRoster(db, hashOf, actingInstitution(request), await receiveSheet(request, ROSTER_LIMITS.maxBytes), now()),
  );
  defineRoute(app, calls.batches, async ({ query, request }) =>
    listBatches(db.kysely, actingInstitution(request).institutionId, pageOfNumber(query)),
  );
  defineRoute(app, calls.batchCodes, async ({ params, request }) =>
    reissueBatchCodes(db, hashOf, actingInstitution(request), params.batchId, now()),
  );
  defineRoute(app, calls.reissueCode, async ({ params, request }) =>
    reissueCode(db, hashOf, actingInstitution(request), params.cardNo, now()),
  );
  defineRoute(app, calls.removeLink, async ({ params, request }) =>
    unlinkMember(db, actingInstitution(request), params.cardNo, now()),
  );
};
