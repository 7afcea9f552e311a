import { Edit, PasswordInput, required, SimpleForm, TextInput, useGetIdentity, useRecordContext } from 'react-admin';
import { FormToolbar } from '../../components/FormToolbar';
import { ReauthPanel } from '../../security/ReauthPanel';
import { passwordRules } from './AccountCreate';
import { AccountRuleInputs } from './AccountRuleInputs';
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
    <ReauthPanel />
    <SimpleForm mode="onChange" toolbar={<FormToolbar />}>
      <TextInput source="username" label="用户名" disabled />
      <TextInput source="displayName" label="姓名" validate={required('请填写姓名')} />
      <AccountRuleInputs />
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
