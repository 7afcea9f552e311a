import { Button, useListContext, useResourceContext, useUnselectAll, useUpdateMany } from 'react-admin';
import { useNotifyText } from '../useNotifyText';

/**
 * Opens or closes every selected item in one call (imageMsgOpenMany): all of them switch or none does, and
 * a refusal names the item that stopped it.
 */
const BulkSetOpen = ({ isOpen, label }: { isOpen: 0 | 1; label: string }) => {
  const resource = useResourceContext() ?? '';
  const { selectedIds } = useListContext();
  const notify = useNotifyText();
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
              notify(`${label}：${selectedIds.length} 条`, 'info');
              unselectAll();
            },
            onError: (error) =>
              notify(`${label}未成功：${error instanceof Error ? error.message : '请稍后重试'}`, 'error'),
          },
        )
      }
    />
  );
};

export const BulkOpenButton = () => <BulkSetOpen isOpen={1} label="批量开放" />;
export const BulkCloseButton = () => <BulkSetOpen isOpen={0} label="批量关闭" />;
