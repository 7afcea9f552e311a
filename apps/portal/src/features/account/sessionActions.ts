import { api, isSecondFactorStep, type LoginResult, type SecondFactorStep, type UcUserInfo } from '@lianmeng/core';
import { type LoginMethod, REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { http, quietHttp, session } from '../../app/api';
import { notifySessionChanged } from './useCardSession';

/** After a log-in: user info and token saved, the flag set (cardNoOfData after a log-in not by card). */
export const saveLogin = (result: LoginResult, method: LoginMethod, ucUserInfo: UcUserInfo = result.ucUserInfo) => {
  leftByLogOut = null;
  session.saveLogin({ token: result.token, ucUserInfo, cardNoOfData: result.cardNoOfData, method });
  notifySessionChanged();
};

/**
 * After a phone log-in: use another card of that phone. The server checks it against the token and binds the
 * token to it, so every later call (a password change, a workbench) acts for that card; only then is the
 * card's info stored. An institution or operator card answers its code step instead.
 */
export const chooseCard = async (cardNo: string): Promise<boolean | SecondFactorStep> => {
  const current = session.read();
  if (!current) return false;
  if (current.cardNo === cardNo) return true;
  const info = await http.call(api.uc.chooseCard, { body: { cardNo } });
  if (!info.ok) return false;
  // An institution or operator card is opened by its code: the caller shows the step, whose success is a new log-in.
  if (isSecondFactorStep(info.data)) return info.data;
  saveLogin(
    { token: current.token, ucUserInfo: info.data, cardNoOfData: current.cardNoOfData ?? undefined },
    'phone',
    info.data,
  );
  return true;
};

/**
 * The guarded page the card holder chose to log out on. The guard still sees that page once without a session;
 * it must not remember it as where to go after the next log-in, which then lands on the default page.
 */
let leftByLogOut: string | null = null;
export const wasLeftByLogOut = (path: string) => leftByLogOut === path;

/**
 * Ends the token on the server (the spec's logout), then removes all seven keys whatever the answer. `leaving`: the
 * page (path and query) the card holder logs out on.
 */
export const logOut = async (leaving: string | null = null) => {
  const current = session.read();
  if (current) await http.call(api.uc.logout, { params: { cardNo: current.cardNo } });
  leftByLogOut = leaving;
  window.localStorage.removeItem(REDIRECT_URL_KEY);
  session.clear();
  notifySessionChanged();
};

/** A 401 on a card-holder call: the token is gone, so the session is too. */
export const dropSession = () => {
  session.clear();
  notifySessionChanged();
};

/**
 * Whether the stored token still lives, asked of the account centre (who the token belongs to). A token the
 * server refuses (expired, revoked, logged out elsewhere) ends the session without a word: the visitor did
 * nothing wrong, so no error modal. A network failure proves nothing and keeps the session. Resolves to
 * whether a live session remains.
 */
export const checkStoredSession = async (): Promise<boolean> => {
  const current = session.read();
  if (!current) return false;
  const result = await quietHttp.call(api.uc.info);
  if (result.ok || result.network || result.status >= 500) return true;
  // Only the session that was checked: a log-in in the meantime has a new token.
  if (session.token() === current.token) dropSession();
  return session.read() !== null;
};
