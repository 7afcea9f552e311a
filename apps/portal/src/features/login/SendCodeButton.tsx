import { api } from '@lianmeng/core';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';

/** Sends a code to the form's `phone`, then counts down before it may send again. */
export const SendCodeButton = ({ form }: { form: FormInstance }) => {
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
    setSending(true);
    const result = await http.call(api.uc.sendCode, { body: { phone: form.getFieldValue('phone') } });
    setSending(false);
    if (result.ok) setSecondsLeft(result.data.cooldownSeconds);
  };

  return (
    <Button onClick={send} disabled={secondsLeft > 0} loading={sending} data-testid="send-code">
      {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
    </Button>
  );
};
