import { api, type CardLoginAnswer } from '@lianmeng/core';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';
import { CAPTCHA_FIELD } from './CaptchaField';
import { PhoneAndCodeFields } from './PhoneAndCodeFields';
import { useCaptcha } from './useCaptcha';

interface PhoneLoginValues {
  phone: string;
  code: string;
  captchaCode?: string;
}

/** Phone + SMS code; the send button counts down before it may send again. */
export const PhoneLoginForm = ({ onLoggedIn }: { onLoggedIn: (result: CardLoginAnswer) => void }) => {
  const [form] = Form.useForm<PhoneLoginValues>();
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const submit = async ({ phone, code, captchaCode }: PhoneLoginValues) => {
    // The answer goes along when typed: after repeated wrong codes the server asks for one.
    const answer = await captcha.fields(captchaCode);
    setBusy(true);
    const result = await http.call(api.uc.loginByPhoneAndCode, { body: { phone, code, ...answer } });
    setBusy(false);
    if (captcha.settle(result, answer)) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) onLoggedIn(result.data);
  };
  return (
    <Form
      form={form}
      name="phoneLogin"
      layout="vertical"
      onFinish={submit}
      aria-label="手机号登录"
      requiredMark={false}
    >
      <PhoneAndCodeFields form={form} phonePlaceholder="请输入手机号" captcha={captcha} />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="phone-login-submit">
        登录
      </Button>
    </Form>
  );
};
