import { useLogin } from 'react-admin';
import { SignInPage } from './SignInPage';

/** The same sign-in page inside react-admin, where a sign-out or an expired session lands. */
export const RaSignInPage = () => {
  const login = useLogin();
  return (
    <SignInPage
      onSignIn={async (username, password, captcha) => {
        await login({ username, password, ...captcha });
        return undefined;
      }}
    />
  );
};
