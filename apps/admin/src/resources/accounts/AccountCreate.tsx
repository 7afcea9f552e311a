import { CONSOLE_ROLE_NAMES, CREATABLE_ROLES, TEXT_LIMITS } from '@lianmeng/core';
import { Create, minLength, PasswordInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { ReauthPanel } from '../../security/ReauthPanel';
import { strongPassword } from './passwordStrength';

export const CREATABLE_ROLE_CHOICES = CREATABLE_ROLES.map((role) => ({ id: role, name: CONSOLE_ROLE_NAMES[role] }));
export const passwordRules = [
  minLength(TEXT_LIMITS.password.min, `至少 ${TEXT_LIMITS.password.min} 个字符`),
  (value: unknown) => (typeof value === 'string' && /\s/.test(value) ? '不能包含空格等空白字符' : undefined),
];

/** Administrators create editor and staff accounts. */
export const AccountCreate = () => (
  <Create title="新建账号" redirect="list">
    <ReauthPanel />
    <SimpleForm mode="onChange">
      <TextInput source="username" label="用户名" validate={required('请填写用户名')} />
      <TextInput source="displayName" label="姓名" validate={required('请填写姓名')} />
      <SelectInput source="role" label="角色" choices={CREATABLE_ROLE_CHOICES} validate={required('请选择角色')} />
      <PasswordInput
        source="password"
        label="初始密码"
        validate={[required('请设置初始密码'), ...passwordRules, strongPassword(['username', 'displayName'])]}
      />
    </SimpleForm>
  </Create>
);

export default AccountCreate;
