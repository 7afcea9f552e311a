import { api, CONSOLE_BASE_PATH } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { lazy, Suspense, useEffect, useState } from 'react';
import { consoleHttp } from './providers/http';
import { SignInPage } from './signIn/SignInPage';
import './signIn/signIn.css';

// react-admin and MUI load only once someone is signed in: the sign-in page stays small.
const ConsoleApp = lazy(() => import('./ConsoleApp'));

const Loading = () => (
  <p role="status" style={{ padding: 24 }}>
    正在加载管理台…
  </p>
);

/** Asks the server who is signed in (the session cookie survives a reload), then shows sign-in or the console. */
export const App = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const [state, setState] = useState<'checking' | 'signedOut' | 'signedIn'>('checking');

  useEffect(() => {
    let live = true;
    http.call(api.consoleAuth.me).then((result) => {
      if (live) setState(result.ok ? 'signedIn' : 'signedOut');
    });
    return () => {
      live = false;
    };
  }, [http]);

  if (state === 'checking') return <Loading />;
  if (state === 'signedOut') {
    return (
      <SignInPage
        onSignIn={async (username, password, captcha) => {
          const result = await http.call(api.consoleAuth.login, { body: { username, password, ...captcha } });
          if (!result.ok) return result.message;
          // The console opens where the visitor was going (a deep link), or on its first page.
          if (window.location.pathname.replace(/\/$/, '').endsWith('/login'))
            window.history.replaceState(null, '', CONSOLE_BASE_PATH);
          setState('signedIn');
          return undefined;
        }}
      />
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <ConsoleApp />
    </Suspense>
  );
};
