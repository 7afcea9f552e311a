import { ROUTES } from '@lianmeng/core';
import { REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { errorBus } from '../../app/errorBus';
import { dropSession } from './sessionActions';
import { useCardSession } from './useCardSession';

/**
 * The route guard (spec section 4): a logged-out visitor goes to /creditBank/login, and where they were
 * going is kept in localStorage `redirectUrl` for after the log-in. A 401 on a card-holder call ends the
 * session, which brings the visitor here again.
 */
export const RequireCardHolder = ({ children }: { children: ReactNode }) => {
  const current = useCardSession();
  const location = useLocation();

  useEffect(
    () =>
      errorBus.subscribe((failure) => {
        if (failure.status === 401 && failure.access === 'cardHolder') dropSession();
      }),
    [],
  );

  if (!current) {
    window.localStorage.setItem(REDIRECT_URL_KEY, `${location.pathname}${location.search}`);
    return <Navigate to={ROUTES.creditBankLogin} replace />;
  }
  return children;
};
