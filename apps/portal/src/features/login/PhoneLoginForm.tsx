import { api, type LoginResult } from '@lianmeng/core';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';
import { PhoneAndCodeFields } from './PhoneAndCodeFields';

interface PhoneLoginValues {
  phone: string;
  code: string;
}

/** Phone + SMS code; the send button counts down before it may send again. */
export const PhoneLoginForm = ({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) => {
  const [form] = Form.useForm<PhoneLoginValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: PhoneLoginValues) => {
    setBusy(true);
    const result = await http.call(api.uc.loginByPhoneAndCode, { body: { ...values } });
    setBusy(false);
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
      <PhoneAndCodeFields form={form} phonePlaceholder="请输入手机号" />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="phone-login-submit">
        登录
      </Button>
    </Form>
  );
};
