import {
  type CallDefinition,
  type CardRole,
  consoleRoleMay,
  HEADERS,
  needsConsoleSession,
  XSRF_COOKIE,
} from '@lianmeng/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../security/tokens';
import type { CardTokens } from '../sessions/cardHolderTokens';
import type { ConsoleSessions } from '../sessions/consoleSessions';
import { forbidden, unauthorized } from './apiError';

/** The services the access checks ask who is calling. */
export interface AccessGuards {
  consoleSessions: ConsoleSessions;
  cardTokens: CardTokens;
  /** Checks a card account's role (institution, operator); needed once a call names a `cardRole`. */
  cardRoles?: CardRoleGuard;
}

/**
 * Whether the card behind `request.cardHolder` holds `role` (for an institution account: of an institution
 * that is not disabled); throws a 403 if not. It records what the account acts for on the request.
 */
export interface CardRoleGuard {
  require(request: FastifyRequest, role: CardRole): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessGuards: AccessGuards;
  }
}

export const registerAccessGuards = (app: FastifyInstance, guards: AccessGuards) => {
  app.decorate('accessGuards', guards);
};

/**
 * Double-submit anti-forgery: every client holds a random `XSRF-TOKEN` cookie (plugins/xsrf.ts) that
 * another site can neither read nor set, so a call that echoes it in `X-XSRF-TOKEN` comes from our own pages.
 */
const requireXsrf = async (request: FastifyRequest) => {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[HEADERS.xsrf.toLowerCase()];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw forbidden('安全校验未通过，请刷新页面后重试');
  }
};

type Check = (request: FastifyRequest) => Promise<void>;

export const PASSWORD_CHANGE_FIRST = '管理员已重置您的密码，请先修改密码';

/**
 * The checks a call's definition asks for, in the order they run: the anti-forgery header first (a forged
 * request learns nothing about sessions), then the caller's credential for `call.access`.
 */
export const accessChecks = (
  call: Pick<CallDefinition, 'access' | 'xsrf' | 'cardRole' | 'beforePasswordChange'>,
  guards: AccessGuards,
): Check[] => {
  const checks: Check[] = call.xsrf ? [requireXsrf] : [];
  const { access, cardRole } = call;
  if (access === 'cardHolder') checks.push((request) => guards.cardTokens.require(request));
  if (cardRole) {
    const { cardRoles } = guards;
    if (access !== 'cardHolder' || !cardRoles) throw new Error(`a card role needs a card-holder call and its guard`);
    checks.push((request) => cardRoles.require(request, cardRole));
  }
  if (needsConsoleSession(access)) {
    checks.push(async (request) => {
      const user = await guards.consoleSessions.userOf(request);
      if (!user) throw unauthorized('请先登录管理台');
      if (!consoleRoleMay(user.role, access)) throw forbidden('您的角色没有权限执行此操作');
      // After an administrator's reset, the account chooses a new password before anything else.
      if (user.mustChangePassword && !call.beforePasswordChange) throw forbidden(PASSWORD_CHANGE_FIRST);
    });
  }
  return checks;
};
