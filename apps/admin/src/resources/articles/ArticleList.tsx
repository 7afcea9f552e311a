import {
  BooleanField,
  CanAccess,
  CreateButton,
  Datagrid,
  DateField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { COLUMN_CHOICES } from './ArticleForm';

const filters = [
  <SelectInput key="typeId" source="typeId" label="栏目" choices={COLUMN_CHOICES} alwaysOn />,
  <TextInput key="q" source="q" label="标题搜索" alwaysOn />,
  <SelectInput
    key="published"
    source="published"
    label="状态"
    choices={[
      { id: true, name: '已发布' },
      { id: false, name: '草稿' },
    ]}
  />,
];

/** Articles by column, drafts included. */
export const ArticleList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'articles', action: 'edit' });
  return (
    <List
      title="文章"
      filters={filters}
      sort={{ field: 'publishTime', order: 'DESC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <CanAccess action="create">
            <CreateButton label="新建" />
          </CanAccess>
        </TopToolbar>
      }
    >
      <Datagrid rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={canEdit ? undefined : false}>
        <TextField source="title" label="标题" />
        <SelectField source="typeId" label="栏目" choices={COLUMN_CHOICES} />
        <DateField source="publishTime" label="发布日期" showTime locales="zh-CN" />
        <BooleanField source="published" label="已发布" />
        <DateField source="updateTime" label="更新时间" showTime locales="zh-CN" />
      </Datagrid>
    </List>
  );
};

export default ArticleList;
