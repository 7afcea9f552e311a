import type { CatalogueItem } from '@lianmeng/core';
import { Alert } from '@mui/material';
import { Edit, useRecordContext } from 'react-admin';
import { CatalogueForm } from './CatalogueForm';
import { RetireButton } from './RetireButton';

const StatusLine = () => {
  const record = useRecordContext<CatalogueItem>();
  if (!record) return null;
  return (
    <Alert
      severity={record.status === 'retired' ? 'warning' : 'info'}
      sx={{ mb: 2, width: '100%' }}
      action={<RetireButton />}
    >
      {record.status === 'retired'
        ? '该项目已停用：不能再登记，已有记录不变。'
        : '该项目启用中，机构可以按它登记学分。'}
    </Alert>
  );
};

/** Change an item's name, level or credits; retiring it is its own confirmed action. */
export const CatalogueEdit = () => (
  <Edit title="编辑学分项目" redirect="list" mutationMode="pessimistic">
    <CatalogueForm>
      <StatusLine />
    </CatalogueForm>
  </Edit>
);

export default CatalogueEdit;
