import { CONSOLE_ROLE_NAMES, CONSOLE_ROLES } from '@lianmeng/core';
import { BooleanField, DateField, SelectField, TextField, TextInput } from 'react-admin';
import { EditableList } from '../../components/EditableList';

export const ROLE_CHOICES = CONSOLE_ROLES.map((role) => ({ id: role, name: CONSOLE_ROLE_NAMES[role] }));

/** Console accounts; administrators only. */
export const AccountList = () => (
  <EditableList
    title="账号"
    filters={[<TextInput key="q" source="q" label="搜索用户名或姓名" alwaysOn />]}
    sortField="id"
  >
    <TextField source="username" label="用户名" />
    <TextField source="displayName" label="姓名" />
    <SelectField source="role" label="角色" choices={ROLE_CHOICES} />
    <BooleanField source="disabled" label="已停用" />
    <DateField source="createTime" label="创建时间" showTime locales="zh-CN" />
  </EditableList>
);

export default AccountList;
