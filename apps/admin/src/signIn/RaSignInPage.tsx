import { useAuthProvider, useLogin } from 'react-admin';
import { type ConsoleAuthProvider, SecondFactorNeeded } from '../providers/authProvider';
import { SignInPage } from './SignInPage';

/** The same sign-in page inside react-admin, where a sign-out or an expired session lands. */
export const RaSignInPage = () => {
  const login = useLogin();
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  return (
    <SignInPage
      onSignIn={async (username, password, captcha) => {
        try {
          await login({ username, password, ...captcha });
        } catch (error) {
          if (error instanceof SecondFactorNeeded) return error.step;
          throw error;
        }
        return undefined;
      }}
      onCode={async (ticket, code) => (await authProvider?.secondFactor(ticket, code)) ?? { recoveryCodes: null }}
      // The session is open: react-admin's log-in then only reads who is in and goes where the user was going.
      onSignedIn={() => void login({ signedIn: true })}
    />
  );
};
