import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerConsoleResource } from '../../http/consoleResource';
import { changeConsoleUser, createConsoleUser } from './consoleUserCommands';
import { findConsoleUser, listConsoleUsers } from './consoleUserRepository';

/**
 * Console users, under /lianmeng/api/accounts: administrators create editors and staff, reset passwords,
 * disable. Accounts are never deleted: the audit log names them.
 */
export const registerConsoleUserRoutes = (app: FastifyInstance, context: ServerContext) =>
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
