import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_TARGET_NAMES, type AuditTargetName } from '@lianmeng/core';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  ReferenceInput,
  regex,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';

const filters = [
  <TextInput key="username" source="username" label="用户名" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="操作"
    alwaysOn
    choices={AUDIT_ACTIONS.map((action) => ({ id: action, name: AUDIT_ACTION_NAMES[action] }))}
  />,
  <ReferenceInput
    key="institution"
    source="institutionId"
    reference="institutions"
    sort={{ field: 'code', order: 'ASC' }}
    alwaysOn
  >
    <AutocompleteInput
      label="机构"
      optionText={(choice: { code: string; name: string }) => `${choice.name}（${choice.code}）`}
      noOptionsText="没有找到机构"
      sx={{ minWidth: 240 }}
    />
  </ReferenceInput>,
  // A partial number is not sent: the list waits until the number is whole.
  <TextInput
    key="holder"
    source="holderCardNo"
    label="持卡人卡号"
    alwaysOn
    validate={regex(/^\d{8,20}$/, '卡号应为 8 到 20 位数字')}
  />,
  <DateInput key="from" source="createTime_gte" label="开始日期" alwaysOn />,
  <DateInput key="to" source="createTime_lte" label="结束日期" alwaysOn />,
];

/**
 * Who did what to which record when, filtered by user, action, institution (steps of its accounts and reviews of
 * what it submitted), holder (steps about the holder's records) and date; administrators only.
 */
export const AuditList = () => (
  <List title="审计日志" filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateField source="createTime" label="时间" showTime locales="zh-CN" />
      <TextField source="username" label="用户" />
      <FunctionField
        label="操作"
        render={(record: { action: string }) =>
          AUDIT_ACTION_NAMES[record.action as keyof typeof AUDIT_ACTION_NAMES] ?? record.action
        }
      />
      <FunctionField
        label="对象"
        render={(record: { targetType: string; targetId: string }) =>
          `${AUDIT_TARGET_NAMES[record.targetType as AuditTargetName] ?? record.targetType} #${record.targetId}`
        }
      />
      <FunctionField
        label="详情"
        render={(record: { detail: string }) => (record.detail === '{}' ? '' : record.detail.slice(0, 200))}
      />
    </Datagrid>
  </List>
);

export default AuditList;
