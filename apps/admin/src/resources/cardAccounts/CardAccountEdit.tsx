import type { CardAccount } from '@lianmeng/core';
import { Alert } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Edit,
  FormDataConsumer,
  Labeled,
  ReferenceInput,
  SimpleForm,
  TextField,
  useRecordContext,
} from 'react-admin';

const NotActivated = () => {
  const record = useRecordContext<CardAccount>();
  if (!record || record.activated) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      该卡尚未激活，不能授予机构账号或审核员身份。
    </Alert>
  );
};

/** What the form sends: the two grants and the institution, nothing the administrator cannot change here. */
const grantsOnly = (data: Record<string, unknown>) => ({
  institution: data.institution === true,
  institutionId: data.institution === true ? (data.institutionId ?? null) : null,
  operator: data.operator === true,
});

const requireInstitution = (value: unknown, all: Record<string, unknown>) =>
  all.institution === true && (value === null || value === undefined || value === '') ? '请选择所属机构' : undefined;

/**
 * Grants or withdraws 机构账号 (acting for one institution) and 审核员 for one card account; every change is in
 * the audit log. The holder's own data is shown, not edited.
 */
export const CardAccountEdit = () => (
  <Edit title="授予机构账号或审核员" redirect="list" mutationMode="pessimistic" transform={grantsOnly}>
    <SimpleForm mode="onChange">
      <NotActivated />
      <Labeled label="卡号">
        <TextField source="cardNo" />
      </Labeled>
      <Labeled label="姓名">
        <TextField source="name" />
      </Labeled>
      <Labeled label="学校">
        <TextField source="school" />
      </Labeled>
      <BooleanInput source="operator" label="审核员（联盟认证中心、秘书处的审核人员）" />
      <BooleanInput source="institution" label="机构账号（代表一个机构开卡、管理人员）" />
      <FormDataConsumer<{ institution?: boolean }>>
        {({ formData }) =>
          formData.institution ? (
            <ReferenceInput source="institutionId" reference="institutions" filter={{ status: 'active' }}>
              <AutocompleteInput
                label="所属机构"
                optionText={(choice: { code: string; name: string }) => `${choice.name}（${choice.code}）`}
                validate={requireInstitution}
                helperText="输入机构名称或代码搜索；只列出启用中的机构"
                noOptionsText="没有找到机构"
              />
            </ReferenceInput>
          ) : null
        }
      </FormDataConsumer>
    </SimpleForm>
  </Edit>
);

export default CardAccountEdit;
