import type { CardAccount } from '@lianmeng/core';
import { BooleanField, FunctionField, SelectInput, TextField, TextInput } from 'react-admin';
import { EditableList } from '../../components/EditableList';

const ROLE_FILTER_CHOICES = [
  { id: 'institution', name: '机构账号' },
  { id: 'operator', name: '审核员' },
];

const filters = [
  <TextInput key="q" source="q" label="搜索卡号或姓名" alwaysOn />,
  <SelectInput key="role" source="role" label="身份" choices={ROLE_FILTER_CHOICES} alwaysOn />,
];

/** Card accounts found by card number or name; a row opens the grant of its roles. */
export const CardAccountList = () => (
  <EditableList title="机构账号与审核员" filters={filters} sortField="cardNo">
    <TextField source="cardNo" label="卡号" />
    <TextField source="name" label="姓名" />
    <TextField source="school" label="学校" sortable={false} />
    <TextField source="phone" label="手机" sortable={false} />
    <BooleanField source="activated" label="已激活" sortable={false} />
    <FunctionField<CardAccount>
      label="机构账号"
      render={(record) => (record.institution ? record.institutionName || '是' : '—')}
    />
    <BooleanField source="operator" label="审核员" sortable={false} />
  </EditableList>
);

export default CardAccountList;
