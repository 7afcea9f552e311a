import { api, type LoginResult, type UcUserInfo } from '@lianmeng/core';
import type { LoginMethod } from '@lianmeng/core/session';
import { http, session } from '../../app/api';
import { notifySessionChanged } from './useCardSession';

/** Spec section 4: user info and token saved, the flag set (cardNoOfData after a log-in not by card). */
export const saveLogin = (result: LoginResult, method: LoginMethod, ucUserInfo: UcUserInfo = result.ucUserInfo) => {
  session.saveLogin({ token: result.token, ucUserInfo, cardNoOfData: result.cardNoOfData, method });
  notifySessionChanged();
};

/** After a phone log-in: use another card of that phone (the server checks it against the token). */
export const chooseCard = async (cardNo: string): Promise<boolean> => {
  const current = session.read();
  if (!current) return false;
  if (current.cardNo === cardNo) return true;
  const info = await http.call(api.uc.info, { query: { cardNo } });
  if (!info.ok) return false;
  saveLogin(
    { token: current.token, ucUserInfo: info.data, cardNoOfData: current.cardNoOfData ?? undefined },
    'phone',
    info.data,
  );
  return true;
};

/** Ends the token on the server (the spec's logout), then removes all seven keys whatever the answer. */
export const logOut = async () => {
  const current = session.read();
  if (current) await http.call(api.uc.logout, { params: { cardNo: current.cardNo } });
  session.clear();
  notifySessionChanged();
};

/** A 401 on a card-holder call: the token is gone, so the session is too. */
export const dropSession = () => {
  session.clear();
  notifySessionChanged();
};
