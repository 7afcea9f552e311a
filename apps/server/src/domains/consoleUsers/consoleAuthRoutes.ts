import { api, type ConsoleRole } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { createAttemptLimiter } from '../../security/attemptLimiter';
import { createLoginGuard } from '../../security/loginGuard';
import { CONSOLE_LOGIN_RULES } from '../../security/loginRules';
import { verifyPassword } from '../../security/passwords';
import { recordAuditAlone } from '../audit/auditRepository';
import { createCaptcha } from '../captcha';
import { findConsoleUserByUsername } from './consoleUserRepository';

const SIGN_IN_REFUSED = '用户名或密码不正确，或账号已停用';

/** Console sign-in, sign-out and "who am I" on an httpOnly, SameSite=Strict session cookie. */
export const registerConsoleAuthRoutes = (app: FastifyInstance, context: ServerContext) => {
  const { db, consoleSessions, now } = context;
  const guard = createLoginGuard(createAttemptLimiter(db, now), CONSOLE_LOGIN_RULES, now, app.log);
  const captcha = createCaptcha(context).gate;

  defineRoute(app, api.consoleAuth.login, async ({ body, request, reply }) => {
    const attempt = { account: body.username.toLowerCase(), address: request.ip };
    try {
      await guard.check(attempt);
    } catch (refusal) {
      await recordAuditAlone(db, {
        user: null,
        action: 'sign-in-refused',
        targetType: 'consoleUser',
        targetId: attempt.account,
        detail: { address: attempt.address, reason: refusal instanceof Error ? refusal.message : '' },
        at: now(),
      });
      throw refusal;
    }
    await captcha.demand(body, captcha.enabled && (await guard.needsChallenge(attempt)), request.log);
    const user = await findConsoleUserByUsername(db.kysely, body.username);
    const valid = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !valid || user.disabled) {
      const { pairFailures } = await guard.failed(attempt);
      // The audit names the account tried and where from; never the password.
      await recordAuditAlone(db, {
        user: null,
        action: 'sign-in-failed',
        targetType: 'consoleUser',
        targetId: user ? user.id : attempt.account,
        detail: { username: attempt.account, address: attempt.address, failures: pairFailures },
        at: now(),
      });
      throw unauthorized(SIGN_IN_REFUSED);
    }
    await guard.succeeded(attempt);
    await consoleSessions.start(reply, user.id);
    await recordAuditAlone(db, { user, action: 'sign-in', targetType: 'consoleUser', targetId: user.id, at: now() });
    return { id: user.id, username: user.username, displayName: user.displayName, role: user.role as ConsoleRole };
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
