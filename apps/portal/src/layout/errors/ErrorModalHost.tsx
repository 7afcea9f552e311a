import { isCaptchaRefusal, ROUTES } from '@lianmeng/core';
import { REDIRECT_URL_KEY } from '@lianmeng/core/session';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from '../../app/api';
import { type CallFailure, errorBus } from '../../app/errorBus';

// antd's Modal is loaded with the first failure, not with every first visit.
const ErrorDialog = lazy(() => import('./ErrorDialog'));

/** The log-in forms keep what the user typed: closing the modal there stays on the form, instead of going home. */
const STAY_ON = [ROUTES.login, ROUTES.creditBankLogin];

export const ErrorModalHost = () => {
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const currentPath = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      errorBus.subscribe((next) => {
        // The form that sent the call answers a missing or wrong image challenge itself: it shows the challenge
        // with the refusal under it, and a modal over the form would only hide what is asked for.
        if (isCaptchaRefusal(next)) return;
        if (next.status === 401 && next.access === 'cardHolder') {
          // The token is dead: forget it, remember where the user was, and ask them to log in again.
          session.clear();
          window.localStorage.setItem(REDIRECT_URL_KEY, currentPath);
          navigate(ROUTES.creditBankLogin);
        }
        // One modal at a time: the first failure of a burst is the one explained.
        setFailure((shown) => shown ?? next);
      }),
    [currentPath, navigate],
  );

  if (!failure) return null;
  const close = () => {
    setFailure(null);
    if (!(STAY_ON as readonly string[]).includes(location.pathname)) navigate(ROUTES.home);
  };
  return (
    <Suspense fallback={null}>
      <ErrorDialog message={failure.message} onClose={close} />
    </Suspense>
  );
};
