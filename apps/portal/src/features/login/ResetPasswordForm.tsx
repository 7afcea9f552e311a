import { api } from '@lianmeng/core';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';
import { CAPTCHA_FIELD } from './CaptchaField';
import { cardNoRules } from './formRules';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneAndCodeFields } from './PhoneAndCodeFields';
import { useCaptcha } from './useCaptcha';

interface ResetValues {
  phone: string;
  code: string;
  cardNo: string;
  newPassword: string;
  confirmPassword: string;
  captchaCode?: string;
}

/** "忘记密码": a code sent to the card's phone sets a new password; `onDone` follows a reset the server accepted. */
export const ResetPasswordForm = ({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) => {
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);
  const submit = async ({ phone, code, cardNo, newPassword, captchaCode }: ResetValues) => {
    const answer = await captcha.fields(captchaCode);
    setBusy(true);
    const result = await http.call(api.uc.resetPassword, { body: { phone, code, cardNo, newPassword, ...answer } });
    setBusy(false);
    if (captcha.settle(result, answer)) form.setFieldValue(CAPTCHA_FIELD, '');
    if (result.ok) onDone();
  };
  return (
    <Form
      form={form}
      name="resetPassword"
      layout="vertical"
      onFinish={submit}
      aria-label="找回密码"
      requiredMark={false}
    >
      <PhoneAndCodeFields form={form} phonePlaceholder="卡号绑定的手机号" captcha={captcha} />
      <Form.Item label="卡号" name="cardNo" rules={cardNoRules}>
        <Input inputMode="numeric" maxLength={20} placeholder="要重置密码的卡号" />
      </Form.Item>
      <NewPasswordFields personalFields={['cardNo', 'phone']} />
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="reset-submit">
          重置密码
        </Button>
        <Button onClick={onCancel}>返回登录</Button>
      </Space>
    </Form>
  );
};
