import { IMAGE_SORT, IMAGE_SORT_NAMES, type ImageSortId } from '@lianmeng/core';
import CheckIcon from '@mui/icons-material/Check';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  CanAccess,
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  UrlField,
  useCanAccess,
  useResourceContext,
} from 'react-admin';
import { BulkCloseButton, BulkOpenButton } from './BulkOpenButtons';
import { ClearSortButton } from './ClearSortButton';
import { CurrentBannerMark, useShownBannerId } from './CurrentBannerMark';
import { OpenSwitch } from './OpenSwitch';
import { OrderList } from './OrderList';
import { WindowStateChip } from './showingWindow';

const filters = [
  <TextInput key="photoTitle" source="photoTitle" label="标题搜索" alwaysOn resettable />,
  <SelectInput
    key="isOpen"
    source="isOpen"
    label="开放状态"
    alwaysOn
    choices={[
      { id: 1, name: '已开放' },
      { id: 0, name: '已关闭' },
    ]}
  />,
];

const Actions = ({
  sort,
  ordering,
  onOrdering,
}: {
  sort: ImageSortId;
  ordering: boolean;
  onOrdering: (next: boolean) => void;
}) => (
  <TopToolbar>
    <CanAccess action="reorder">
      <Button label={ordering ? '完成排序' : '调整顺序'} onClick={() => onOrdering(!ordering)}>
        {ordering ? <CheckIcon /> : <SwapVertIcon />}
      </Button>
    </CanAccess>
    <CanAccess action="create">
      <CreateButton label="新建" />
    </CanAccess>
    <CanAccess action="clear">
      <ClearSortButton sort={sort} />
    </CanAccess>
  </TopToolbar>
);

const BulkActions = () => {
  const resource = useResourceContext() ?? '';
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <>
      <BulkOpenButton />
      <BulkCloseButton />
      {canDelete ? <BulkDeleteButton mutationMode="undoable" /> : null}
    </>
  );
};

/**
 * A banner or partner list in display order: thumbnail, title, link, the open switch with the showing
 * window's state, updated time; filters, paging, bulk open/close; 调整顺序 swaps the table for the rows
 * of the page to drag into order.
 */
export const ImageList = ({ sort }: { sort: ImageSortId }) => {
  const [ordering, setOrdering] = useState(false);
  const isBanner = sort === IMAGE_SORT.banner;
  const shownId = useShownBannerId(isBanner);
  const resource = useResourceContext() ?? '';
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  return (
    <List
      title={IMAGE_SORT_NAMES[sort]}
      filters={filters}
      actions={<Actions sort={sort} ordering={ordering} onOrdering={setOrdering} />}
      perPage={25}
      sort={{ field: 'displayOrder', order: 'ASC' }}
      empty={false}
    >
      {ordering ? (
        <OrderList />
      ) : (
        <Datagrid rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={<BulkActions />}>
          <FunctionField
            label="缩略图"
            render={(record: { smallPhotoAddress?: string; photoAddress?: string; photoTitle?: string }) => (
              <img
                src={record.smallPhotoAddress || record.photoAddress}
                alt={record.photoTitle ?? ''}
                style={{ maxWidth: 120, maxHeight: 50, objectFit: 'contain' }}
                loading="lazy"
              />
            )}
          />
          <TextField source="photoTitle" label="标题" sortable={false} />
          <UrlField source="urlAddress" label="链接" sortable={false} target="_blank" rel="noopener noreferrer" />
          <FunctionField label="开放" render={() => <OpenSwitch />} />
          <FunctionField label="展示时间" render={() => <WindowStateChip />} />
          {isBanner ? <FunctionField label="前台" render={() => <CurrentBannerMark shownId={shownId} />} /> : null}
          <DateField source="updateTime" label="更新时间" showTime locales="zh-CN" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
};
