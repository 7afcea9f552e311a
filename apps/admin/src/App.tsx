import {
  api,
  CONSOLE_BASE_PATH,
  CONSOLE_SESSION_ELEMENT_ID,
  type ConsoleSessionHint,
  isSecondFactorStep,
  readJsonScriptElement,
} from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { lazy, Suspense, useEffect, useState } from 'react';
import { lazyConsoleHttp } from './providers/lazyHttp';
import { sendCodeWith } from './signIn/SecondFactorStep';
import { SetupPage, setupTokenOf } from './signIn/SetupPage';
import { SignInPage } from './signIn/SignInPage';
import './signIn/signIn.css';

// react-admin and MUI load only once someone is signed in: the sign-in page stays small.
const ConsoleApp = lazy(() => import('./ConsoleApp'));

const Loading = () => (
  <p role="status" style={{ padding: 24 }}>
    正在加载管理台…
  </p>
);

type SessionState = 'checking' | 'signedOut' | 'signedIn';

/**
 * What the server wrote into the page about this visit's session cookie; 'checking' when the page says
 * nothing (the development server, the tests), and then the app asks.
 */
const stateFromPage = (): SessionState => {
  const hint = readJsonScriptElement<Partial<ConsoleSessionHint> | null>(document, CONSOLE_SESSION_ELEMENT_ID, null);
  if (typeof hint?.signedIn !== 'boolean') return 'checking';
  return hint.signedIn ? 'signedIn' : 'signedOut';
};

/**
 * Shows sign-in or the console, as the page says the session cookie stands (it survives a reload), or as
 * the server answers when the page does not say. The page's word is only a hint: the console checks the
 * session with its first call, and one that ended in between lands on react-admin's sign-in page. The http
 * client (axios) loads with the first call, so a signed-out visitor downloads only the sign-in form.
 */
export const App = ({ http = lazyConsoleHttp }: { http?: HttpClient }) => {
  const [state, setState] = useState<SessionState>(stateFromPage);
  const [askServer] = useState(() => state === 'checking');

  useEffect(() => {
    if (!askServer) return;
    let live = true;
    http.call(api.consoleAuth.me).then((result) => {
      if (live) setState(result.ok ? 'signedIn' : 'signedOut');
    });
    return () => {
      live = false;
    };
  }, [askServer, http]);

  if (state === 'checking') return <Loading />;
  if (state === 'signedOut') {
    const signedIn = () => {
      // The console opens where the visitor was going (a deep link), or on its first page.
      if (window.location.pathname.replace(/\/$/, '').endsWith('/login'))
        window.history.replaceState(null, '', CONSOLE_BASE_PATH);
      setState('signedIn');
    };
    const setupToken = setupTokenOf(window.location.hash);
    if (setupToken) {
      return (
        <SetupPage
          http={http}
          token={setupToken}
          onSignedIn={() => {
            // The link is used up: it leaves the address bar.
            window.history.replaceState(null, '', CONSOLE_BASE_PATH);
            signedIn();
          }}
        />
      );
    }
    return (
      <SignInPage
        http={http}
        onSignIn={async (username, password, captcha) => {
          const result = await http.call(api.consoleAuth.login, { body: { username, password, ...captcha } });
          if (!result.ok) return result.message;
          if (isSecondFactorStep(result.data)) return result.data;
          signedIn();
          return undefined;
        }}
        onCode={sendCodeWith(http)}
        onSignedIn={signedIn}
      />
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <ConsoleApp />
    </Suspense>
  );
};
