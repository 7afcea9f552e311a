import {
  BooleanInput,
  Edit,
  PasswordInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { CREATABLE_ROLE_CHOICES, passwordRules } from './AccountCreate';
import { ROLE_CHOICES } from './AccountList';
import { strongPassword } from './passwordStrength';

/** Shown only on one's own account: the server refuses a change of one's own password without the current one. */
const CurrentPasswordInput = () => {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record || !identity || String(identity.id) !== String(record.id)) return null;
  return (
    <PasswordInput source="currentPassword" label="当前密码（修改自己的密码时必填）" autoComplete="current-password" />
  );
};

/** Rename, change between editor and staff, reset the password, disable (its sessions end at once). */
export const AccountEdit = () => (
  <Edit title="编辑账号" redirect="list" mutationMode="pessimistic">
    <SimpleForm mode="onChange">
      <TextInput source="username" label="用户名" disabled />
      <TextInput source="displayName" label="姓名" validate={required('请填写姓名')} />
      <SelectInput
        source="role"
        label="角色"
        choices={ROLE_CHOICES}
        disableValue="disabledChoice"
        helperText={`可选：${CREATABLE_ROLE_CHOICES.map((choice) => choice.name).join('、')}；管理员账号的角色不能修改`}
      />
      <BooleanInput source="disabled" label="停用（停用后该账号立即退出登录）" />
      <PasswordInput
        source="password"
        label="重置密码（留空则不修改）"
        validate={[...passwordRules, strongPassword(['username', 'displayName'])]}
      />
      <CurrentPasswordInput />
    </SimpleForm>
  </Edit>
);

export default AccountEdit;
