import fastifyMultipart from '@fastify/multipart';
import { api, type OrganiserResults, RESULT_IMPORT_LIMITS, type ResultImportPreview } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { actingInstitution } from '../institutions/cardRoles';
import { assertPreviewed, type ReceivedSheet, receiveSheet } from '../institutions/sheetUpload';
import { readTable } from '../institutions/spreadsheet';
import { assertChangeable, assertOrganises, type Organiser, saveResults } from './resultCommands';
import { admittedTeamsOf, findResultEvent } from './resultRepository';
import { checkResultSheet, previewRows } from './resultSheet';
import { resultTemplate } from './resultTemplate';

/** Reads and checks a results sheet against the event's admitted teams as they stand. */
const checkSheet = async (db: Db, organiser: Organiser, eventId: number, sheet: ReceivedSheet, now: Date) => {
  const event = assertOrganises(await findResultEvent(db.kysely, eventId), organiser);
  assertChangeable(event, now);
  const table = await readTable(sheet.bytes, RESULT_IMPORT_LIMITS.maxRows);
  return checkResultSheet(table, await admittedTeamsOf(db.kysely, eventId));
};

/** Says, row by row, what importing the sheet would save or why it cannot; writes nothing. */
export const previewResultImport = async (
  db: Db,
  organiser: Organiser,
  eventId: number,
  sheet: ReceivedSheet,
  now: Date,
): Promise<ResultImportPreview> => {
  const rows = await checkSheet(db, organiser, eventId, sheet, now);
  const refusedCount = rows.filter((row) => row.outcome === 'refused').length;
  return {
    previewId: sheet.sha256,
    fileName: sheet.fileName,
    total: rows.length,
    acceptedCount: rows.length - refusedCount,
    refusedCount,
    rows: previewRows(rows),
  };
};

/**
 * Saves every row of the sheet or none: a refused row refuses the file. The save checks the teams and ranks
 * again in its own transaction, so a team or result changed since this read cannot slip through. Committing
 * the same file twice saves the same results twice, which changes nothing.
 */
export const commitResultImport = async (
  db: Db,
  organiser: Organiser,
  eventId: number,
  sheet: ReceivedSheet,
  now: Date,
): Promise<OrganiserResults> => {
  assertPreviewed(sheet);
  const rows = await checkSheet(db, organiser, eventId, sheet, now);
  const refused = rows.filter((row) => row.outcome === 'refused').length;
  if (refused > 0) throw badRequest(`成绩表中有 ${refused} 行未通过检查，请修改后重新预览`);
  const entries = rows.flatMap((row) => (row.entry ? [row.entry] : []));
  return saveResults(db, organiser, eventId, entries, now, 'import');
};

/** The results sheet of one of the organiser's events: its admitted teams and their results so far. */
export const eventResultTemplate = async (db: Db, organiser: Organiser, eventId: number) => {
  assertOrganises(await findResultEvent(db.kysely, eventId), organiser);
  return resultTemplate(eventId, await admittedTeamsOf(db.kysely, eventId));
};

/**
 * The organiser's results spreadsheet calls: the template, the preview and the commit. The sheets arrive as
 * multipart forms, parsed only in this scope, and are read up to the results sheet's own size limit.
 */
export const registerResultImportRoutes = (app: FastifyInstance, { db, now }: ServerContext) =>
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    const calls = api.matchResults;
    defineRoute(scope, calls.template, async ({ params, request }) =>
      eventResultTemplate(db, actingInstitution(request), params.eventId),
    );
    defineRoute(scope, calls.importPreview, async ({ params, request }) =>
      previewResultImport(
        db,
        actingInstitution(request),
        params.eventId,
        await receiveSheet(request, RESULT_IMPORT_LIMITS.maxBytes),
        now(),
      ),
    );
    defineRoute(scope, calls.importCommit, async ({ params, request }) =>
      commitResultImport(
        db,
        actingInstitution(request),
        params.eventId,
        await receiveSheet(request, RESULT_IMPORT_LIMITS.maxBytes),
        now(),
      ),
    );
  });
