import type { CatalogueItem } from '@lianmeng/core';
import {
  CreateButton,
  FunctionField,
  NumberField,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { EditableList } from '../../components/EditableList';
import { KIND_CHOICES, levelChoicesOf, STATUS_CHOICES } from './choices';
import { RetireButton } from './RetireButton';

const filters = [
  <TextInput key="q" source="q" label="搜索项目代码或名称" alwaysOn />,
  <SelectInput key="kind" source="kind" label="项目类型" choices={KIND_CHOICES} alwaysOn />,
  <SelectInput key="level" source="level" label="级别" choices={levelChoicesOf(undefined)} alwaysOn />,
  <SelectInput key="status" source="status" label="状态" choices={STATUS_CHOICES} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="新增学分项目" />
  </TopToolbar>
);

/** The catalogue by kind, level and status; each row opens its edit page, or is retired/put back in place. */
export const CatalogueList = () => (
  <EditableList title="学分项目目录" filters={filters} actions={<Actions />} sortField="code">
    <TextField source="code" label="项目代码" />
    <TextField source="name" label="项目名称" />
    <SelectField source="kind" label="项目类型" choices={KIND_CHOICES} />
    <TextField source="level" label="级别" />
    <NumberField source="defaultCredits" label="默认学分" sortable={false} />
    <NumberField source="maxCredits" label="最高学分" sortable={false} />
    <FunctionField
      label="须证明材料"
      sortable={false}
      render={(record: CatalogueItem) => (record.evidenceRequired ? '是' : '否')}
    />
    <SelectField source="status" label="状态" choices={STATUS_CHOICES} />
    <RetireButton />
  </EditableList>
);

export default CatalogueList;
