import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleResource } from '../../http/consoleResource';
import { findAuditEntry, listAuditEntries } from './auditRepository';

/** The audit log: read only. Entries are written by the calls they record, in their transactions. */
export const registerConsoleAuditRoutes = (app: FastifyInstance, context: ServerContext) =>
  registerConsoleResource(
    app,
    context,
    'audit',
    { list: api.consoleApi.auditList, one: api.consoleApi.auditOne },
    { list: listAuditEntries, one: findAuditEntry },
  );
