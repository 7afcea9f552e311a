import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleResource } from '../../http/consoleResource';
import { registerConsoleSecurityRoutes } from './consoleSecurityRoutes';
import { changeConsoleUser, createConsoleUser } from './consoleUserCommands';
import { findConsoleUser, listConsoleUsers } from './consoleUserRepository';
import { registerSetupRoute } from './setupLink';

/**
 * Console users, under /lianmeng/api/accounts: administrators create editors and staff, reset passwords,
 * disable. Accounts are never deleted: the audit log names them. With them, each user's own account
 * security (second factor, own password, re-authentication) and the first administrator's set-up link.
 */
export const registerConsoleUserRoutes = (app: FastifyInstance, context: ServerContext) => {
  registerConsoleSecurityRoutes(app, context);
  registerSetupRoute(app, context);
  registerConsoleResource(
    app,
    context,
    'accounts',
    {
      list: api.consoleApi.accountList,
      one: api.consoleApi.accountOne,
      create: api.consoleApi.accountCreate,
      update: api.consoleApi.accountUpdate,
    },
    { list: listConsoleUsers, one: findConsoleUser, create: createConsoleUser, update: changeConsoleUser },
  );
};
