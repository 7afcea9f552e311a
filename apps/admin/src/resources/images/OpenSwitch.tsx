import { Switch } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCanAccess, useRecordContext, useResourceContext, useUpdate } from 'react-admin';
import { useNotifyText } from '../useNotifyText';

/**
 * `isOpen` as an inline switch: it flips at once (optimistic) and flips back with the server's Chinese
 * message if the server refuses.
 */
export const OpenSwitch = () => {
  const record = useRecordContext<{ id: number; isOpen: 0 | 1; photoTitle?: string }>();
  const resource = useResourceContext() ?? '';
  const notify = useNotifyText();
  const [update, { isPending }] = useUpdate();
  const { canAccess } = useCanAccess({ resource, action: 'toggle' });
  if (!record) return null;
  const open = record.isOpen === 1;

  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    update(
      resource,
      { id: record.id, data: { ...record, isOpen: open ? 0 : 1 }, previousData: record },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify(open ? '已关闭' : '已开放', 'info'),
        onError: (error) => notify(`${error instanceof Error ? error.message : '操作未成功'}（已恢复原状态）`, 'error'),
      },
    );
  };

  return (
    <Switch
      checked={open}
      disabled={!canAccess || isPending}
      onClick={toggle}
      slotProps={{
        input: { 'aria-label': `${record.photoTitle ?? ''} ${open ? '已开放，点击关闭' : '已关闭，点击开放'}` },
      }}
    />
  );
};
