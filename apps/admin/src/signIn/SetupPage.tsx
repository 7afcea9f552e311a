import { api, type SecondFactorStep as Step } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type FormEvent, useState } from 'react';
import { lazyConsoleHttp } from '../providers/lazyHttp';
import { SecondFactorStep, sendCodeWith } from './SecondFactorStep';

/** The token of a set-up link (`/admin/#/setup/<token>`), or null when the page was not opened by one. */
export const setupTokenOf = (hash: string) => /^#\/setup\/([\w-]{20,100})$/.exec(hash)?.[1] ?? null;

/**
 * A site without demo data starts with no account: the one-time link printed at its first start opens this
 * page, which creates the first administrator and then binds the second factor every administrator needs.
 */
export const SetupPage = ({
  token,
  onSignedIn,
  http = lazyConsoleHttp,
}: {
  token: string;
  onSignedIn(): void;
  http?: HttpClient;
}) => {
  const [step, setStep] = useState<Step['secondFactor'] | null>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    if (value('password') !== value('confirmPassword')) {
      setError('两次输入的密码不一致');
      return;
    }
    setPending(true);
    const result = await http.call(api.consoleAuth.setup, {
      body: {
        token,
        username: value('username').trim(),
        displayName: value('displayName').trim(),
        password: value('password'),
      },
    });
    setPending(false);
    setError(result.ok ? undefined : result.message);
    if (result.ok) setStep(result.data.secondFactor);
  };

  if (step) {
    return (
      <main className="sign-in">
        <SecondFactorStep step={step} onCode={sendCodeWith(http)} onDone={onSignedIn} />
      </main>
    );
  }
  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-describedby={error ? 'setup-error' : undefined}>
        <h1>创建首个管理员</h1>
        <p className="sign-in__hint">此链接只能使用一次。创建后请绑定动态口令。</p>
        <label>
          用户名
          <input name="username" autoComplete="username" required maxLength={32} />
        </label>
        <label>
          姓名
          <input name="displayName" autoComplete="name" required maxLength={40} />
        </label>
        <label>
          密码
          <input name="password" type="password" autoComplete="new-password" required maxLength={128} />
        </label>
        <label>
          确认密码
          <input name="confirmPassword" type="password" autoComplete="new-password" required maxLength={128} />
        </label>
        {error ? (
          <p id="setup-error" role="alert" className="sign-in__error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={pending}>
          {pending ? '正在创建…' : '创建管理员'}
        </button>
      </form>
    </main>
  );
};
