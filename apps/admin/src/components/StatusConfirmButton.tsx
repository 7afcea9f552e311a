import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, type RaRecord, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { useNotifyText } from '../resources/useNotifyText';

type Switchable = RaRecord & { status: string; name: string };

/**
 * 停用 / 启用 of the row's record after a confirmation that says what it does (`explain`, for stopping or for
 * resuming); an active record goes to `offStatus`, any other back to `active`. There is no delete.
 */
export const StatusConfirmButton = <R extends Switchable>({
  resource,
  noun,
  offStatus,
  explain,
}: {
  resource: string;
  /** What the record is, in the dialog's title and the notice: 机构, 学分项目. */
  noun: string;
  offStatus: R['status'];
  explain: (record: R, stopping: boolean) => string;
}) => {
  const record = useRecordContext<R>();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const notify = useNotifyText();
  const refresh = useRefresh();
  if (!record) return null;
  const stopping = record.status === 'active';
  const label = stopping ? '停用' : '启用';
  return (
    <>
      <Button
        size="small"
        color={stopping ? 'error' : 'primary'}
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
        title={`${label}${noun}“${record.name}”`}
        content={explain(record, stopping)}
        confirm={label}
        confirmColor={stopping ? 'warning' : 'primary'}
        cancel="取消"
        onConfirm={() =>
          update(
            resource,
            { id: record.id, data: { status: stopping ? offStatus : 'active' }, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify(`已${label}${noun}“${record.name}”`, 'success');
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
