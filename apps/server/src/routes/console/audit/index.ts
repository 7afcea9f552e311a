import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context';
import { notFound } from '../../../http/apiError';
import { defineRoute } from '../../../http/defineRoute';
import { setContentRange } from '../contentRange';
import { findAuditEntry, listAuditEntries } from './auditRepository';

/** The audit log: read only, administrators only. Entries are written by the calls they record. */
export const registerConsoleAuditRoutes = (app: FastifyInstance, { db, consoleSessions }: ServerContext) => {
  const adminOnly = consoleSessions.require('admin');

  defineRoute(app, api.consoleApi.auditList, { preHandler: [adminOnly] }, async ({ query, reply }) => {
    const { list, total } = await listAuditEntries(db.kysely, query);
    setContentRange(reply, 'audit', query.range, list.length, total);
    return list;
  });

  defineRoute(app, api.consoleApi.auditOne, { preHandler: [adminOnly] }, async ({ params }) => {
    const entry = await findAuditEntry(db.kysely, params.id);
    if (!entry) throw notFound('这条日志不存在');
    return entry;
  });
};
