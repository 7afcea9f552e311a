import { Form, type FormInstance, Input, Space } from 'antd';
import { codeRules, phoneRules } from './formRules';
import { SendCodeButton } from './SendCodeButton';

/** The phone field and the code field with its send button, shared by the phone log-in and the password reset. */
export const PhoneAndCodeFields = ({ form, phonePlaceholder }: { form: FormInstance; phonePlaceholder: string }) => (
  <>
    <Form.Item label="手机号" name="phone" rules={phoneRules}>
      <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={phonePlaceholder} />
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
  </>
);
