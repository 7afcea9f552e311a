import { Form, type FormInstance, Input, Space } from 'antd';
import { CaptchaField } from './CaptchaField';
import { codeRules, phoneRules } from './formRules';
import { SendCodeButton } from './SendCodeButton';
import type { CaptchaState } from './useCaptcha';

/**
 * The phone field, the image challenge that must be answered before a code is sent, and the code field
 * with its send button; shared by the phone log-in and the password reset.
 */
export const PhoneAndCodeFields = ({
  form,
  phonePlaceholder,
  captcha,
}: {
  form: FormInstance;
  phonePlaceholder: string;
  captcha: CaptchaState;
}) => (
  <>
    <Form.Item label="手机号" name="phone" rules={phoneRules}>
      <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={phonePlaceholder} />
    </Form.Item>
    <CaptchaField captcha={captcha} required={false} />
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
        <SendCodeButton form={form} captcha={captcha} />
      </Space.Compact>
    </Form.Item>
  </>
);
