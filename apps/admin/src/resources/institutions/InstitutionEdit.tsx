import { Alert } from '@mui/material';
import { Edit, NumberField, useRecordContext } from 'react-admin';
import { InstitutionForm } from './InstitutionForm';
import { StatusToggleButton } from './StatusToggleButton';

const StatusLine = () => {
  const record = useRecordContext<{ status: string; accountCount: number }>();
  if (!record) return null;
  return (
    <Alert
      severity={record.status === 'disabled' ? 'warning' : 'info'}
      sx={{ mb: 2, width: '100%' }}
      action={<StatusToggleButton />}
    >
      {record.status === 'disabled' ? '该机构已停用，其机构账号不能使用。' : '该机构正在使用。'}
      机构账号 <NumberField source="accountCount" /> 个。
    </Alert>
  );
};

/** Rename or move an institution; enabling and disabling is its own confirmed action. */
export const InstitutionEdit = () => (
  <Edit title="编辑机构" redirect="list" mutationMode="pessimistic">
    <InstitutionForm>
      <StatusLine />
    </InstitutionForm>
  </Edit>
);

export default InstitutionEdit;
