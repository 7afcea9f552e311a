import { api, type ConsoleUser, type SecondFactorStep } from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { createAttemptLimiter } from '../../security/attemptLimiter';
import { createLoginGuard } from '../../security/loginGuard';
import { CONSOLE_LOGIN_RULES } from '../../security/loginRules';
import { verifyPassword } from '../../security/passwords';
import { totpTimeStep } from '../../security/totp';
import { recordAudit, recordAuditAlone } from '../audit/auditRepository';
import {
  consoleAccountKey,
  consoleNeedsSecondFactor,
  finishSecondStep,
  needsSecondStep,
  SECOND_FACTOR_EXPIRED,
  SECOND_FACTOR_WRONG,
  startSecondStep,
  ticketOwner,
} from '../secondFactor/secondFactor';
import { findSecondFactor, spendTimeStep, unusedRecoveryCodes } from '../secondFactor/secondFactorRepository';
import { changeOwnPassword, REAUTH_WINDOW_MS } from './consoleUserCommands';
import { findConsoleUserRow, markSessionReauthenticated, toConsoleUser } from './consoleUserRepository';

export const CONSOLE_SIGN_IN_REFUSED = '用户名或密码不正确，或账号已停用';
const PASSWORD_AGAIN_WRONG = '密码或动态口令不正确';

/**
 * After a console password was right: the code step when the account has or needs a second factor,
 * otherwise null and the caller opens the session.
 */
export const consoleSecondStep = async (
  db: Db,
  user: { id: number; username: string; role: string },
  at: Date,
): Promise<SecondFactorStep | null> => {
  const account = consoleAccountKey(user.id);
  if (!(await needsSecondStep(db, account, consoleNeedsSecondFactor(user.role)))) return null;
  return { secondFactor: await startSecondStep(db, account, { label: user.username, at }) };
};

/**
 * The console's second factor and own-account security: the sign-in's code step, the account's status,
 * its own password change, enrolment from a signed-in console, and re-authentication before account
 * administration.
 */
export const registerConsoleSecurityRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, consoleSessions, now } = context;
  const guard = createLoginGuard(createAttemptLimiter(db, now), CONSOLE_LOGIN_RULES, now, app.log);

  const signedIn = (request: FastifyRequest): ConsoleUser => {
    const user = request.consoleUser;
    if (!user) throw unauthorized('请先登录管理台');
    return user;
  };

  /** The password again (and the code, for an account with a second factor), under the sign-in limits. */
  const proveAgain = async (request: FastifyRequest, user: ConsoleUser, password: string, code?: string) => {
    const login = await guard.begin({ account: user.username.toLowerCase(), address: request.ip }, { request });
    const row = await findConsoleUserRow(db.kysely, user.id);
    const factor = await findSecondFactor(db.kysely, consoleAccountKey(user.id));
    const passwordRight = row !== undefined && (await verifyPassword(row.passwordHash, password));
    const step = factor && code !== undefined ? await totpTimeStep(factor.secret, code.trim(), now()) : null;
    // The code is used up only with the right password: a wrong guess at the password leaves it to its owner.
    const codeRight =
      !factor || (passwordRight && step !== null && (await spendTimeStep(db.kysely, factor.account, step)));
    if (!passwordRight || !codeRight) {
      await login.failed();
      throw badRequest(factor && !code ? '请输入动态口令' : PASSWORD_AGAIN_WRONG);
    }
    await login.succeeded();
  };

  defineRoute(app, api.consoleAuth.secondFactor, async ({ body, request, reply }) => {
    const owner = await ticketOwner(db, body.ticket, now());
    const row = owner?.startsWith('console:')
      ? await findConsoleUserRow(db.kysely, Number(owner.slice('console:'.length)))
      : undefined;
    if (!owner || !row) throw unauthorized(SECOND_FACTOR_EXPIRED);
    const user = toConsoleUser(row);
    const attempt = { account: user.username.toLowerCase(), address: request.ip };
    const login = await guard.begin(attempt, { request });
    const outcome = await finishSecondStep(db, body.ticket, body.code, now(), {
      owner,
      auditEnrolment: (trx) =>
        recordAudit(trx, { user, action: 'enrol', targetType: 'consoleUser', targetId: user.id, at: now() }),
    });
    if (outcome.kind !== 'passed') {
      const { pairFailures } = await login.failed();
      await recordAuditAlone(db, {
        user: null,
        action: 'sign-in-failed',
        targetType: 'consoleUser',
        targetId: user.id,
        detail: { username: attempt.account, address: attempt.address, failures: pairFailures, step: 'second-factor' },
        at: now(),
      });
      throw unauthorized(outcome.kind === 'wrong' ? SECOND_FACTOR_WRONG : SECOND_FACTOR_EXPIRED);
    }
    if (Number(row.disabled) === 1) throw unauthorized(CONSOLE_SIGN_IN_REFUSED);
    await login.succeeded(reply);
    await consoleSessions.start(reply, user.id);
    await recordAuditAlone(db, {
      user,
      action: 'sign-in',
      targetType: 'consoleUser',
      targetId: user.id,
      detail: { secondFactor: true },
      at: now(),
    });
    return { ...user, recoveryCodes: outcome.recoveryCodes };
  });

  defineRoute(app, api.consoleAuth.security, async ({ request }) => {
    const user = signedIn(request);
    const account = consoleAccountKey(user.id);
    const factor = await findSecondFactor(db.kysely, account);
    return {
      enrolled: factor !== undefined,
      required: consoleNeedsSecondFactor(user.role),
      recoveryCodesLeft: factor ? await unusedRecoveryCodes(db.kysely, account) : 0,
      mustChangePassword: user.mustChangePassword === true,
    };
  });

  defineRoute(app, api.consoleAuth.changePassword, async ({ body, request, reply }) => {
    const user = signedIn(request);
    await changeOwnPassword(db, user, body, now());
    // Every session of the account ended with the change; the one that made it goes on under a new cookie.
    await consoleSessions.start(reply, user.id);
    return {};
  });

  defineRoute(app, api.consoleAuth.reauth, async ({ body, request }) => {
    const user = signedIn(request);
    await proveAgain(request, user, body.password, body.code);
    const sessionHash = consoleSessions.sessionHashOf(request);
    if (!sessionHash) throw unauthorized('请先登录管理台');
    const at = now();
    await db.writeTransaction(async (trx) => {
      await markSessionReauthenticated(trx, sessionHash, at.toISOString());
      await recordAudit(trx, { user, action: 'reauth', targetType: 'consoleUser', targetId: user.id, at });
    });
    return { until: new Date(at.getTime() + REAUTH_WINDOW_MS).toISOString() };
  });

  defineRoute(app, api.consoleAuth.enrolStart, async ({ body, request }) => {
    const user = signedIn(request);
    // A new secret replaces the app's old one only once its first code is confirmed.
    const row = await findConsoleUserRow(db.kysely, user.id);
    const login = await guard.begin({ account: user.username.toLowerCase(), address: request.ip }, { request });
    if (!row || !(await verifyPassword(row.passwordHash, body.password))) {
      await login.failed();
      throw badRequest('密码不正确');
    }
    await login.succeeded();
    return {
      secondFactor: await startSecondStep(db, consoleAccountKey(user.id), {
        label: user.username,
        at: now(),
        renew: true,
      }),
    };
  });

  defineRoute(app, api.consoleAuth.enrolConfirm, async ({ body, request }) => {
    const user = signedIn(request);
    const login = await guard.begin({ account: user.username.toLowerCase(), address: request.ip }, { request });
    const outcome = await finishSecondStep(db, body.ticket, body.code, now(), {
      owner: consoleAccountKey(user.id),
      auditEnrolment: (trx) =>
        recordAudit(trx, { user, action: 'enrol', targetType: 'consoleUser', targetId: user.id, at: now() }),
    });
    if (outcome.kind !== 'passed') {
      await login.failed();
      throw badRequest(outcome.kind === 'wrong' ? SECOND_FACTOR_WRONG : '绑定已过期，请重新开始');
    }
    await login.succeeded();
    return { recoveryCodes: outcome.recoveryCodes };
  });
};
