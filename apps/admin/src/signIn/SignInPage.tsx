import { type FormEvent, useState } from 'react';

export interface SignInPageProps {
  /** Resolves to a Chinese refusal message, or nothing when the user is in. */
  onSignIn(username: string, password: string): Promise<string | undefined>;
}

/**
 * The console's Chinese sign-in page. Plain React on purpose: it is the first thing a visitor loads, so
 * it must not wait for react-admin and MUI.
 */
export const SignInPage = ({ onSignIn }: SignInPageProps) => {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setError('请输入用户名和密码');
      return;
    }
    setPending(true);
    setError(undefined);
    const refusal = await onSignIn(username, password).catch((failure: unknown) =>
      failure instanceof Error ? failure.message : '登录失败，请重试',
    );
    setPending(false);
    if (refusal) setError(refusal);
  };

  return (
    <main className="sign-in">
      <form
        className="sign-in__card"
        onSubmit={submit}
        noValidate
        aria-describedby={error ? 'sign-in-error' : undefined}
      >
        <h1>联盟门户管理台</h1>
        <p className="sign-in__hint">全国学校体育联盟（机器人运动）</p>
        <label>
          用户名
          <input name="username" autoComplete="username" required maxLength={32} />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="current-password" required maxLength={128} />
        </label>
        {error ? (
          <p id="sign-in-error" role="alert" className="sign-in__error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={pending}>
          {pending ? '正在登录…' : '登录'}
        </button>
      </form>
    </main>
  );
};
