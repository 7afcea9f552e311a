import type { CatalogueItem } from '@lianmeng/core';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { useNotifyText } from '../useNotifyText';

/**
 * Retires an item (or puts it back in use) after a confirmation that says what it does: a retired item takes no
 * new records, and the records already made under it keep it. There is no delete.
 */
export const RetireButton = () => {
  const record = useRecordContext<CatalogueItem>();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const notify = useNotifyText();
  const refresh = useRefresh();
  if (!record) return null;
  const retiring = record.status === 'active';
  const label = retiring ? '停用' : '启用';
  return (
    <>
      <Button
        size="small"
        color={retiring ? 'error' : 'primary'}
        onClick={(event) => {
          // Inside a clickable list row: the row must not open the edit page.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${label}学分项目“${record.name}”`}
        content={
          retiring
            ? '停用后，机构不能再按该项目登记或导入学分；已登记的记录和持卡人的学分都不会改变，重新启用即可恢复登记。'
            : '启用后，机构可以按该项目登记学分。'
        }
        confirm={label}
        confirmColor={retiring ? 'warning' : 'primary'}
        cancel="取消"
        onConfirm={() =>
          update(
            'catalogue',
            { id: record.id, data: { status: retiring ? 'retired' : 'active' }, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify(`已${label}学分项目“${record.name}”`, 'success');
                refresh();
              },
              onError: (error) => {
                setOpen(false);
                notify(error instanceof Error ? error.message : `${label}失败`, 'error');
              },
            },
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
};
