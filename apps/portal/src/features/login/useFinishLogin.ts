import { api, type LoginResult } from '@lianmeng/core';
import { decideRedirect, type LoginMethod, landingFor, REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { http, quietHttp, session } from '../../app/api';
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
    // An institution or operator account lands on its workbench; the flags are the chosen card's.
    const landing = landingFor(current);
    const decision = decideRedirect({
      search: location.search,
      storedRedirectUrl: window.localStorage.getItem(REDIRECT_URL_KEY),
      ssoReturnOrigins: origins?.ok ? origins.data.ssoReturnOrigins : [],
      landing,
    });
    if (decision.clearStoredRedirect) window.localStorage.removeItem(REDIRECT_URL_KEY);
    if (decision.refusedSsoReturn) console.warn('单点登录返回地址不在允许列表中，已忽略：', decision.refusedSsoReturn);
    if (!decision.target.external) {
      navigate(decision.target.path, { replace: true });
      return;
    }
    // The server adds a one-time code for this partner; the session token never leaves the site. Should it
    // refuse, the holder stays here, logged in, where they would land otherwise.
    const code = await quietHttp.call(api.uc.ssoCode, { body: decision.target.sso });
    if (code.ok) leaveSite.to(code.data.url);
    else navigate(landing, { replace: true });
  }, [location.search, navigate]);

  return { save, leave };
};
