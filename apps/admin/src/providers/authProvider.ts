import {
  api,
  CONSOLE_ROLE_NAMES,
  type ConsoleRole,
  type ConsoleUser,
  isSecondFactorStep,
  type SecondFactorStep,
} from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type AuthProvider, HttpError } from 'react-admin';
import type { CodeOutcome } from '../signIn/SecondFactorStep';
import { consoleHttp } from './http';
import { canRoleAccess } from './permissions';

export interface ConsoleAuthProvider extends AuthProvider {
  /** The role of the signed-in user as last seen, for the data provider's staff rule. */
  currentRole(): ConsoleRole | undefined;
  /** The sign-in's second step: a refusal message, or the recovery codes an enrolment hands out. */
  secondFactor(ticket: string, code: string): Promise<CodeOutcome>;
}

/** The password was right; the account signs in with a code too (the sign-in page shows the step). */
export class SecondFactorNeeded extends Error {
  constructor(readonly step: SecondFactorStep) {
    super('请输入动态口令');
  }
}

/** Sign-in on the console session cookie; `me` tells, on every page, who is signed in. */
export const createAuthProvider = (http: HttpClient = consoleHttp): ConsoleAuthProvider => {
  let user: ConsoleUser | null = null;

  const me = async (): Promise<ConsoleUser> => {
    const result = await http.call(api.consoleAuth.me);
    if (!result.ok) {
      user = null;
      throw new HttpError(result.message, result.status);
    }
    user = result.data;
    return result.data;
  };
  const known = async () => user ?? me();

  return {
    async login(
      params:
        | { username: string; password: string; captchaId?: string; captchaCode?: string; captchaProof?: string }
        /** After the second step the session is open, and its answer already said who is in. */
        | { signedIn: true },
    ) {
      if ('signedIn' in params) {
        await known();
        return;
      }
      const { username, password, captchaId, captchaCode, captchaProof } = params;
      const result = await http.call(api.consoleAuth.login, {
        body: { username, password, captchaId, captchaCode, captchaProof },
      });
      if (!result.ok) throw new Error(result.message);
      if (isSecondFactorStep(result.data)) throw new SecondFactorNeeded(result.data);
      user = result.data;
    },
    async secondFactor(ticket, code) {
      const result = await http.call(api.consoleAuth.secondFactor, { body: { ticket, code } });
      if (!result.ok) return { refusal: result.message };
      const { recoveryCodes, ...signedIn } = result.data;
      user = signedIn;
      return { recoveryCodes };
    },
    async logout() {
      if (user) await http.call(api.consoleAuth.logout);
      user = null;
    },
    async checkAuth() {
      // No `message` here: a signed-out visitor goes to the sign-in page without an error notice.
      await me().catch(() => {
        throw { message: false };
      });
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        user = null;
        throw new Error('登录已过期，请重新登录');
      }
      // 403 and everything else: stay signed in, the page shows the server's message.
    },
    async getIdentity() {
      const current = await known();
      return {
        id: current.id,
        fullName: `${current.displayName}（${CONSOLE_ROLE_NAMES[current.role]}）`,
        mustChangePassword: current.mustChangePassword === true,
      };
    },
    async getPermissions() {
      return (await known()).role;
    },
    async canAccess({ resource, action }) {
      const current = await known().catch(() => null);
      return canRoleAccess(current?.role, resource, action);
    },
    currentRole: () => user?.role,
  };
};
