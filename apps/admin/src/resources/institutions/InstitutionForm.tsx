import type { ReactNode } from 'react';
import { maxLength, regex, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { KIND_CHOICES } from './choices';

/** The fields an administrator types for an institution; the server checks the same rules. */
const InstitutionFields = () => (
  <>
    <TextInput
      source="code"
      label="机构代码"
      helperText="2 到 32 位字母、数字或连字符，如 BJ-HD-001；导入表格和名单用它识别机构"
      validate={[required('请填写机构代码'), regex(/^[A-Za-z0-9-]{2,32}$/, '应为 2 到 32 位字母、数字或连字符')]}
    />
    <TextInput
      source="name"
      label="机构名称"
      validate={[required('请填写机构名称'), maxLength(100, '不能超过 100 个字')]}
    />
    <SelectInput source="kind" label="机构类型" choices={KIND_CHOICES} validate={required('请选择机构类型')} />
    <TextInput source="province" label="省" validate={[required('请填写省'), maxLength(20, '不能超过 20 个字')]} />
    <TextInput source="city" label="市" validate={maxLength(20, '不能超过 20 个字')} />
    <TextInput source="county" label="县（区）" validate={maxLength(20, '不能超过 20 个字')} />
  </>
);

export const InstitutionForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm mode="onChange">
    <InstitutionFields />
    {children}
  </SimpleForm>
);
