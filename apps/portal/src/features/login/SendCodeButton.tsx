import { api } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { CAPTCHA_FIELD } from './CaptchaField';
import type { CaptchaAnswer, CaptchaState } from './useCaptcha';

/** Sends the code for one phone; the log-in's by default, another flow (activation) brings its own call. */
export type SendCode = (phone: string, answer: CaptchaAnswer) => Promise<CallResult<{ cooldownSeconds: number }>>;

const sendLoginCode: SendCode = (phone, answer) => http.call(api.uc.sendCode, { body: { phone, ...answer } });

/**
 * Sends a code to the form's `phone` (or `phoneField`), with the answer to the image challenge on screen, then
 * counts down before it may send again. The challenge is used up by the send, right or wrong, so a new one is
 * shown.
 */
export const SendCodeButton = ({
  form,
  captcha,
  phoneField = 'phone',
  send = sendLoginCode,
  testId = 'send-code',
}: {
  form: FormInstance;
  captcha: CaptchaState;
  phoneField?: string;
  send?: SendCode;
  testId?: string;
}) => {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const sendNow = async () => {
    const values = await form.validateFields([phoneField]).catch(() => null);
    if (!values) return;
    const answer = await captcha.fields(form.getFieldValue(CAPTCHA_FIELD));
    if (captcha.shown && !answer.captchaCode) {
      form.setFields([{ name: CAPTCHA_FIELD, errors: ['请先输入图形验证码'] }]);
      return;
    }
    setSending(true);
    const result = await send(form.getFieldValue(phoneField), answer);
    setSending(false);
    if (captcha.settle(result, answer)) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) setSecondsLeft(result.data.cooldownSeconds);
  };

  return (
    <Button onClick={sendNow} disabled={secondsLeft > 0} loading={sending} data-testid={testId}>
      {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
    </Button>
  );
};
