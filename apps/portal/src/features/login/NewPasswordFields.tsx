import { TEXT_LIMITS } from '@lianmeng/core';
import { Form, Input } from 'antd';
import { confirmRules, newPasswordRules, strongPasswordRule } from './formRules';

interface NewPasswordFieldsProps {
  /** The form's fields that belong to the owner (card number, phone): the new password may not contain them. */
  personalFields?: string[];
  /** What the page knows of the owner otherwise. */
  personal?: () => (string | undefined)[];
}

/** A new password and its confirmation, judged by the server's rules as they are typed. */
export const NewPasswordFields = ({ personalFields = [], personal }: NewPasswordFieldsProps) => (
  <>
    <Form.Item
      label="新密码"
      name="newPassword"
      dependencies={personalFields}
      rules={[...newPasswordRules, strongPasswordRule(personalFields, personal)]}
    >
      <Input.Password autoComplete="new-password" maxLength={TEXT_LIMITS.password.max} />
    </Form.Item>
    <Form.Item
      label="确认新密码"
      name="confirmPassword"
      dependencies={['newPassword']}
      rules={confirmRules('newPassword')}
    >
      <Input.Password autoComplete="new-password" maxLength={TEXT_LIMITS.password.max} />
    </Form.Item>
  </>
);
