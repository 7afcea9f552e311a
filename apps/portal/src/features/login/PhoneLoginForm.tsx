import { api, type LoginResult } from '@lianmeng/core';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';
import { codeRules, phoneRules } from './formRules';
import { SendCodeButton } from './SendCodeButton';

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
      <Form.Item label="手机号" name="phone" rules={phoneRules}>
        <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder="请输入手机号" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact block>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              placeholder="6 位验证码"
              aria-label="验证码"
            />
          </Form.Item>
          <SendCodeButton form={form} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="phone-login-submit">
        登录
      </Button>
    </Form>
  );
};
