import { ROUTES } from '@lianmeng/core';
import { REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { errorBus } from '../../app/errorBus';
import { PageSkeleton } from '../../shared/PageSkeleton';
import { useHydrated } from '../../shared/useHydrated';
import { dropSession, wasLeftByLogOut } from './sessionActions';
import { useCardSession } from './useCardSession';

/**
 * The route guard: a logged-out visitor goes to /creditBank/login, and where they were
 * going is kept in localStorage `redirectUrl` for after the log-in. A 401 on a card-holder call ends the
 * session, which brings the visitor here again.
 */
export const RequireCardHolder = ({ children }: { children: ReactNode }) => {
  const current = useCardSession();
  const location = useLocation();
  const hydrated = useHydrated();

  useEffect(
    () =>
      errorBus.subscribe((failure) => {
        if (failure.status === 401 && failure.access === 'cardHolder') dropSession();
      }),
    [],
  );

  // The token lives in the browser: the server (and the hydration of its HTML) render the page's frame.
  if (!hydrated) return <PageSkeleton />;
  if (!current) {
    const here = `${location.pathname}${location.search}`;
    if (!wasLeftByLogOut(here)) window.localStorage.setItem(REDIRECT_URL_KEY, here);
    return <Navigate to={ROUTES.creditBankLogin} replace />;
  }
  return children;
};
