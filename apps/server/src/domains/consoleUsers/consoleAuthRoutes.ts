import { api } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { createAttemptLimiter } from '../../security/attemptLimiter';
import { cookiePolicy } from '../../security/cookies';
import { createKnownDevices } from '../../security/knownDevices';
import { createLoginGuard } from '../../security/loginGuard';
import { CONSOLE_LOGIN_RULES } from '../../security/loginRules';
import { verifyPassword } from '../../security/passwords';
import { loadSmsCodeKey } from '../../security/smsCodeKey';
import { recordAnonymousAudit } from '../audit/anonymousAudit';
import { recordAuditAlone } from '../audit/auditRepository';
import { createCaptcha } from '../captcha';
import { CONSOLE_SIGN_IN_REFUSED, consoleSecondStep } from './consoleSecurityRoutes';
import { findConsoleUserByUsername, toConsoleUser } from './consoleUserRepository';

/** Console sign-in, sign-out and "who am I" on an httpOnly, SameSite=Strict session cookie. */
export const registerConsoleAuthRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, consoleSessions, now } = context;
  const limiter = createAttemptLimiter(db, now);
  const guard = createLoginGuard(limiter, CONSOLE_LOGIN_RULES, now, app.log, {
    devices: createKnownDevices(
      'console',
      () => loadSmsCodeKey(context.config.dataDir, context.config.smsCodeKey),
      cookiePolicy(context.config.publicUrl),
    ),
    // The console has no inbox: the alert is a log line and an audit entry the administrators see.
    notifyOwner: async (account) => {
      app.log.warn({ login: 'console', account }, 'console account reached its hourly ceiling of failed sign-ins');
      await recordAuditAlone(db, {
        user: null,
        action: 'sign-in-alert',
        targetType: 'consoleUser',
        targetId: account,
        detail: { username: account, failures: CONSOLE_LOGIN_RULES.accountPerHour },
        at: now(),
      });
    },
  });
  const captcha = createCaptcha(context).gate;

  defineRoute(app, api.consoleAuth.login, async ({ body, request, reply }) => {
    const attempt = { account: body.username.toLowerCase(), address: request.ip };
    let login: Awaited<ReturnType<typeof guard.begin>>;
    try {
      login = await guard.begin(attempt, {
        request,
        challenge: (needed) => captcha.demand(body, captcha.enabled && needed, request.log),
      });
    } catch (refusal) {
      const entry = {
        user: null,
        action: 'sign-in-refused' as const,
        targetType: 'consoleUser' as const,
        targetId: attempt.account,
        detail: { address: attempt.address, reason: refusal instanceof Error ? refusal.message : '' },
        at: now(),
      };
      await recordAnonymousAudit(db, limiter, attempt.address, entry, request.log);
      throw refusal;
    }
    const user = await findConsoleUserByUsername(db.kysely, body.username);
    const valid = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !valid || user.disabled) {
      const { pairFailures } = await login.failed();
      // The audit names the account tried and where from; never the password.
      const entry = {
        user: null,
        action: 'sign-in-failed' as const,
        targetType: 'consoleUser' as const,
        targetId: user ? user.id : attempt.account,
        detail: { username: attempt.account, address: attempt.address, failures: pairFailures },
        at: now(),
      };
      await recordAnonymousAudit(db, limiter, attempt.address, entry, request.log);
      throw unauthorized(CONSOLE_SIGN_IN_REFUSED);
    }
    await login.succeeded(reply);
    // An account with a second factor (or one that must add it) gets no session before its code.
    const step = await consoleSecondStep(db, user, now());
    if (step) return step;
    await consoleSessions.start(reply, user.id);
    await recordAuditAlone(db, { user, action: 'sign-in', targetType: 'consoleUser', targetId: user.id, at: now() });
    return toConsoleUser(user);
  });

  defineRoute(app, api.consoleAuth.logout, async ({ request, reply }) => {
    const user = await consoleSessions.userOf(request);
    await consoleSessions.end(request, reply);
    if (user) {
      await recordAuditAlone(db, { user, action: 'sign-out', targetType: 'consoleUser', targetId: user.id, at: now() });
    }
    return {};
  });

  defineRoute(app, api.consoleAuth.me, async ({ request }) => {
    const user = request.consoleUser;
    if (!user) throw unauthorized('请先登录管理台');
    return user;
  });
};
