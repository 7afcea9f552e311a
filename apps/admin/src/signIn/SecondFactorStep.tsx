import { api, type SecondFactorStep as Step } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { type FormEvent, useState } from 'react';

/** What the code step's call answers: a refusal to show, or the way in (with recovery codes after an enrolment). */
export type CodeOutcome = { refusal: string } | { recoveryCodes: string[] | null };

export interface SecondFactorStepProps {
  step: Step['secondFactor'];
  onCode(ticket: string, code: string): Promise<CodeOutcome>;
  /** The code passed (and new recovery codes, if any, were acknowledged). */
  onDone(): void;
}

/** The code step's call on a client that keeps no user of its own (the sign-in and set-up pages). */
export const sendCodeWith =
  (http: HttpClient): SecondFactorStepProps['onCode'] =>
  async (ticket, code) => {
    const result = await http.call(api.consoleAuth.secondFactor, { body: { ticket, code } });
    return result.ok ? { recoveryCodes: result.data.recoveryCodes } : { refusal: result.message };
  };

/** An inline SVG shown as an image: the server drew the QR code, so the page needs no QR library. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The recovery codes an enrolment handed out, shown once. */
export const RecoveryCodes = ({ codes, className }: { codes: string[]; className?: string }) => (
  <ol className={className} aria-label="恢复码">
    {codes.map((code) => (
      <li key={code}>
        <code>{code}</code>
      </li>
    ))}
  </ol>
);

/**
 * The sign-in's second step: for an account without a second factor, the QR code (and the secret, to type
 * by hand) for an authenticator app; then the six-digit code, or one of the recovery codes. After an
 * enrolment the ten recovery codes are shown once, before the console opens.
 */
export const SecondFactorStep = ({ step, onCode, onDone }: SecondFactorStepProps) => {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setError('请输入动态口令');
      return;
    }
    setPending(true);
    setError(undefined);
    const outcome = await onCode(step.ticket, code).catch(() => ({ refusal: '验证失败，请重试' }));
    setPending(false);
    if ('refusal' in outcome) setError(outcome.refusal);
    else if (outcome.recoveryCodes?.length) setRecoveryCodes(outcome.recoveryCodes);
    else onDone();
  };

  if (recoveryCodes) {
    return (
      <section className="sign-in__card" aria-labelledby="recovery-title">
        <h1 id="recovery-title">保存恢复码</h1>
        <p className="sign-in__hint">
          手机丢失时，可用下列任一恢复码代替动态口令登录，每个只能用一次。请抄写或打印后妥善保管，此页关闭后不再显示。
        </p>
        <RecoveryCodes codes={recoveryCodes} className="sign-in__codes" />
        <button type="button" onClick={onDone}>
          我已保存，进入管理台
        </button>
      </section>
    );
  }

  return (
    <form className="sign-in__card" onSubmit={submit} noValidate aria-describedby={error ? 'code-error' : undefined}>
      <h1>{step.enrolment ? '绑定动态口令' : '动态口令'}</h1>
      {step.enrolment ? (
        <>
          <p className="sign-in__hint">
            该账号需要动态口令。请用身份验证器应用（如微软、谷歌身份验证器或小程序）扫描二维码，或手动输入密钥，然后输入应用显示的
            6 位数字。
          </p>
          <img
            className="sign-in__qr"
            src={svgSource(step.enrolment.qrSvg)}
            alt="动态口令绑定二维码"
            width={180}
            height={180}
          />
          <p className="sign-in__hint">
            密钥：<code className="sign-in__secret">{step.enrolment.secret}</code>
          </p>
        </>
      ) : (
        <p className="sign-in__hint">请输入身份验证器应用显示的 6 位动态口令；手机不在身边时可输入一个恢复码。</p>
      )}
      <label>
        动态口令
        <input
          name="code"
          autoComplete="one-time-code"
          inputMode={step.enrolment ? 'numeric' : 'text'}
          maxLength={20}
          spellCheck={false}
        />
      </label>
      {error ? (
        <p id="code-error" role="alert" className="sign-in__error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={pending}>
        {pending ? '正在验证…' : '验证'}
      </button>
    </form>
  );
};
