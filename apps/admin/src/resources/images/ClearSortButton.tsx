import { IMAGE_SORT_NAMES, type ImageSortId } from '@lianmeng/core';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useRefresh, useResourceContext } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { useNotifyText } from '../useNotifyText';

/** "清空该分类": asks first, naming how many items go, then calls imageSortClear. */
export const ClearSortButton = ({ sort }: { sort: ImageSortId }) => {
  const resource = useResourceContext() ?? '';
  const { total, filterValues } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotifyText();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // The list may be filtered; the sort's whole count is what goes.
  const filtered = Object.keys(filterValues ?? {}).length > 0;

  const clear = async () => {
    setPending(true);
    try {
      const { removed } = await dataProvider.clearSort(resource);
      notify(`已清空「${IMAGE_SORT_NAMES[sort]}」，共删除 ${removed} 条`, 'info');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : '清空未成功', 'error');
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label="清空该分类" onClick={() => setOpen(true)} disabled={!total} color="error">
        <DeleteSweepIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`清空「${IMAGE_SORT_NAMES[sort]}」`}
        content={
          filtered
            ? `将删除「${IMAGE_SORT_NAMES[sort]}」分类的全部条目（当前筛选下显示 ${total ?? 0} 条，未显示的也会删除），且无法撤销。确定清空吗？`
            : `将删除「${IMAGE_SORT_NAMES[sort]}」分类的全部 ${total ?? 0} 条，且无法撤销。确定清空吗？`
        }
        confirm="清空"
        cancel="取消"
        onConfirm={clear}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
