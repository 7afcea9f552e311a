import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/apiError';
import { listAnswer } from '../../http/contentRange';
import { defineRoute } from '../../http/defineRoute';
import { findAuditEntry, listAuditEntries } from './auditRepository';

/** The audit log: read only. Entries are written by the calls they record, in their transactions. */
export const registerConsoleAuditRoutes = (app: FastifyInstance, { db }: ServerContext) => {
  defineRoute(app, api.consoleApi.auditList, async ({ query, reply }) =>
    listAnswer(reply, 'audit', query.range, await listAuditEntries(db.kysely, query)),
  );

  defineRoute(app, api.consoleApi.auditOne, async ({ params }) => {
    const entry = await findAuditEntry(db.kysely, params.id);
    if (!entry) throw notFound('这条日志不存在');
    return entry;
  });
};
