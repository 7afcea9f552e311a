import { api } from '@lianmeng/core';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { CAPTCHA_FIELD } from './CaptchaField';
import type { CaptchaState } from './useCaptcha';

/**
 * Sends a code to the form's `phone`, with the answer to the image challenge on screen, then counts down
 * before it may send again. The challenge is used up by the send, right or wrong, so a new one is shown.
 */
export const SendCodeButton = ({ form, captcha }: { form: FormInstance; captcha: CaptchaState }) => {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const values = await form.validateFields(['phone']).catch(() => null);
    if (!values) return;
    const answer = captcha.fields(form.getFieldValue(CAPTCHA_FIELD));
    if (captcha.shown && !answer.captchaCode) {
      form.setFields([{ name: CAPTCHA_FIELD, errors: ['请先输入图形验证码'] }]);
      return;
    }
    setSending(true);
    const result = await http.call(api.uc.sendCode, { body: { phone: form.getFieldValue('phone'), ...answer } });
    setSending(false);
    if (captcha.settle(result, answer)) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) setSecondsLeft(result.data.cooldownSeconds);
  };

  return (
    <Button onClick={send} disabled={secondsLeft > 0} loading={sending} data-testid="send-code">
      {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
    </Button>
  );
};
