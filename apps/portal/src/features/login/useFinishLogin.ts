import { api, type LoginResult } from '@lianmeng/core';
import { decideRedirect, type LoginMethod, landingFor, REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { http, session } from '../../app/api';
import { saveLogin } from '../account/sessionActions';

/** Leaving the site for a partner's return address (a seam the tests replace: jsdom cannot navigate away). */
export const leaveSite = { to: (url: string) => window.location.assign(url) };

/** Saves the log-in and goes where the spec's order says (core/session/redirect.ts). */
export const useFinishLogin = () => {
  const navigate = useNavigate();
  const location = useLocation();

  /** Saves the session only: the card picker still has to run after a phone log-in. */
  const save = useCallback((result: LoginResult, method: LoginMethod) => saveLogin(result, method), []);

  const leave = useCallback(async () => {
    const current = session.read();
    if (!current) return;
    const wantsSso = new URLSearchParams(location.search).has('ssoReturn');
    const origins = wantsSso ? await http.call(api.uc.ssoReturnOrigins) : null;
    const decision = decideRedirect({
      search: location.search,
      storedRedirectUrl: window.localStorage.getItem(REDIRECT_URL_KEY),
      ssoReturnOrigins: origins?.ok ? origins.data.ssoReturnOrigins : [],
      token: current.token,
      cardNo: current.cardNo,
      // An institution or operator account lands on its workbench; the flags are the chosen card's.
      landing: landingFor(current),
    });
    if (decision.clearStoredRedirect) window.localStorage.removeItem(REDIRECT_URL_KEY);
    if (decision.refusedSsoReturn) console.warn('单点登录返回地址不在允许列表中，已忽略：', decision.refusedSsoReturn);
    if (decision.target.external) leaveSite.to(decision.target.url);
    else navigate(decision.target.path, { replace: true });
  }, [location.search, navigate]);

  return { save, leave };
};
