import {
  api,
  CAPTCHA_IMAGE_ALT,
  type CaptchaChallenge,
  captchaImageSource,
  isCaptchaRefusal,
  type SecondFactorStep as Step,
} from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type FormEvent, useRef, useState } from 'react';
import { lazyConsoleHttp } from '../providers/lazyHttp';
import { SecondFactorStep, type SecondFactorStepProps } from './SecondFactorStep';

/** The answer to the image challenge, sent beside the user name and password once the server asks for it. */
export interface SignInCaptcha {
  captchaId?: string;
  captchaCode?: string;
  captchaProof?: string;
}

export interface SignInPageProps {
  /**
   * Resolves to a Chinese refusal message, nothing when the user is in, or the second-factor step when the
   * account signs in with a code too.
   */
  onSignIn(username: string, password: string, captcha: SignInCaptcha): Promise<string | undefined | Step>;
  /** Sends the second step's code (absent: the page never shows the step). */
  onCode?: SecondFactorStepProps['onCode'];
  /** The second step passed: the user is in. */
  onSignedIn?(): void;
  /** Where the image challenge is asked for: the console's client, loaded on first use unless given. */
  http?: HttpClient;
}

/**
 * The console's Chinese sign-in page. Plain React on purpose: it is the first thing a visitor loads, so
 * it must not wait for react-admin and MUI. After repeated failures the server asks for the image
 * challenge; the page then shows it, and a new one after every try (each is used up by its first answer).
 */
export const SignInPage = ({ onSignIn, onCode, onSignedIn, http = lazyConsoleHttp }: SignInPageProps) => {
  const [step, setStep] = useState<Step['secondFactor'] | null>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');

  // The proof of work of the challenge on screen, solved in a worker while the picture is read.
  const proof = useRef<Promise<string | null>>(Promise.resolve(null));

  const newChallenge = async () => {
    setCaptchaCode('');
    const result = await http.call(api.captcha.create);
    const next = result.ok && result.data.required ? result.data : null;
    const work = next?.proof;
    // Loaded only once a challenge is shown, so the sign-in page itself stays light.
    proof.current = work
      ? import('@lianmeng/core/captchaProof').then(({ solveCaptchaProof }) => solveCaptchaProof(work)).catch(() => null)
      : Promise.resolve(null);
    setChallenge(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setError('请输入用户名和密码');
      return;
    }
    // The challenge on screen, if the server has asked for one.
    const shown = captchaShown ? challenge : null;
    if (shown && !captchaCode.trim()) {
      setError('请输入图形验证码');
      return;
    }
    setPending(true);
    setError(undefined);
    const solved = shown ? await proof.current : null;
    const captcha: SignInCaptcha = shown
      ? {
          captchaId: shown.captchaId,
          captchaCode: captchaCode.trim(),
          ...(solved ? { captchaProof: solved } : {}),
        }
      : {};
    const answer = await onSignIn(username, password, captcha).catch((failure: unknown) =>
      failure instanceof Error ? failure.message : '登录失败，请重试',
    );
    setPending(false);
    if (typeof answer === 'object') {
      setStep(answer.secondFactor);
      return;
    }
    if (answer) setError(answer);
    const asked = answer !== undefined && isCaptchaRefusal({ status: 400, message: answer });
    if (answer && (asked || captcha.captchaId)) {
      setCaptchaShown(true);
      await newChallenge();
    }
  };

  if (step && onCode) {
    return (
      <main className="sign-in">
        <SecondFactorStep step={step} onCode={onCode} onDone={() => onSignedIn?.()} />
      </main>
    );
  }

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
        {captchaShown ? (
          <div className="sign-in__captcha">
            <label>
              图形验证码
              <input
                name="captchaCode"
                value={captchaCode}
                onChange={(event) => setCaptchaCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={8}
                aria-describedby="sign-in-captcha-hint"
              />
            </label>
            <span id="sign-in-captcha-hint" className="sign-in__hint">
              请输入图中的字符，不区分大小写
            </span>
            <div className="sign-in__captcha-row">
              {challenge ? (
                <img src={captchaImageSource(challenge.image)} alt={CAPTCHA_IMAGE_ALT} width={120} height={45} />
              ) : (
                <span role="status">正在加载…</span>
              )}
              <button type="button" className="sign-in__refresh" onClick={() => void newChallenge()}>
                换一张
              </button>
            </div>
          </div>
        ) : null}
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
