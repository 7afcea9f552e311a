import type { Institution } from '@lianmeng/core';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { useNotifyText } from '../useNotifyText';

/**
 * Disables or enables an institution after a confirmation that says what it does: a disabled institution's
 * accounts stop working at once, and no card, roster or record changes.
 */
export const StatusToggleButton = () => {
  const record = useRecordContext<Institution>();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const notify = useNotifyText();
  const refresh = useRefresh();
  if (!record) return null;
  const disabling = record.status === 'active';
  const label = disabling ? '停用' : '启用';
  return (
    <>
      <Button
        size="small"
        color={disabling ? 'error' : 'primary'}
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
        title={`${label}机构“${record.name}”`}
        content={
          disabling
            ? `停用后，该机构的 ${record.accountCount} 个机构账号立即不能使用（登录后不再是机构账号，工作台的操作被拒绝）；该机构的人员、开卡批次和学分记录都不会改变，重新启用即可恢复。`
            : '启用后，该机构的机构账号恢复使用。'
        }
        confirm={label}
        confirmColor={disabling ? 'warning' : 'primary'}
        cancel="取消"
        onConfirm={() =>
          update(
            'institutions',
            { id: record.id, data: { status: disabling ? 'disabled' : 'active' }, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify(`已${label}机构“${record.name}”`, 'success');
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
