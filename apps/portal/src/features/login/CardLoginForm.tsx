import { type CardLoginAnswer, TEXT_LIMITS } from '@lianmeng/core';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { CAPTCHA_FIELD, CaptchaField } from './CaptchaField';
import { loginWithCard } from './cardLogin';
import { cardNoRules, passwordRules } from './formRules';
import { useCaptcha } from './useCaptcha';

interface CardLoginValues {
  cardNo: string;
  password: string;
  captchaCode?: string;
}

/**
 * Card number + password. A refusal goes to the error modal (through the http client); the form keeps its
 * values. After repeated failures the server asks for the image challenge, which the form then shows.
 */
export const CardLoginForm = ({
  onLoggedIn,
  initialCardNo,
}: {
  /** The log-in's answer: a token, or the second-factor step of an institution or operator account. */
  onLoggedIn: (result: CardLoginAnswer) => void;
  /** A card number to start with (a card just activated). */
  initialCardNo?: string;
}) => {
  const [form] = Form.useForm<CardLoginValues>();
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(false);
  const submit = async ({ cardNo, password, captchaCode }: CardLoginValues) => {
    const answer = await captcha.fields(captchaCode);
    setBusy(true);
    const result = await loginWithCard(cardNo, password, answer);
    setBusy(false);
    if (captcha.settle(result, answer)) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) onLoggedIn(result.data);
  };
  return (
    <Form
      form={form}
      name="cardLogin"
      layout="vertical"
      onFinish={submit}
      aria-label="卡号登录"
      requiredMark={false}
      initialValues={initialCardNo ? { cardNo: initialCardNo } : undefined}
    >
      <Form.Item label="卡号" name="cardNo" rules={cardNoRules}>
        <Input autoComplete="username" inputMode="numeric" maxLength={20} placeholder="请输入卡号" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={passwordRules}>
        <Input.Password autoComplete="current-password" maxLength={TEXT_LIMITS.password.max} placeholder="请输入密码" />
      </Form.Item>
      <CaptchaField captcha={captcha} required />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="card-login-submit">
        登录
      </Button>
    </Form>
  );
};
