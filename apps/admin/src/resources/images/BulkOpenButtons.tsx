import { Button, useListContext, useNotify, useResourceContext, useUnselectAll, useUpdateMany } from 'react-admin';

/** Opens or closes every selected item (one update per item; staff send only `id` and `isOpen`). */
const BulkSetOpen = ({ isOpen, label }: { isOpen: 0 | 1; label: string }) => {
  const resource = useResourceContext() ?? '';
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const unselectAll = useUnselectAll(resource);
  const [updateMany, { isPending }] = useUpdateMany();
  return (
    <Button
      label={label}
      disabled={isPending}
      onClick={() =>
        updateMany(
          resource,
          { ids: selectedIds, data: { isOpen } },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(`${label}：${selectedIds.length} 条`, { type: 'info' });
              unselectAll();
            },
            onError: (error) => notify(error instanceof Error ? error.message : '操作未成功', { type: 'error' }),
          },
        )
      }
    />
  );
};

export const BulkOpenButton = () => <BulkSetOpen isOpen={1} label="批量开放" />;
export const BulkCloseButton = () => <BulkSetOpen isOpen={0} label="批量关闭" />;
