import { CreateButton, NumberField, SelectField, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { EditableList } from '../../components/EditableList';
import { KIND_CHOICES, STATUS_CHOICES } from './choices';
import { ImportInstitutionsButton } from './ImportInstitutions';
import { StatusToggleButton } from './StatusToggleButton';

const filters = [
  <TextInput key="q" source="q" label="搜索机构代码或名称" alwaysOn />,
  <SelectInput key="kind" source="kind" label="机构类型" choices={KIND_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="状态" choices={STATUS_CHOICES} alwaysOn />,
  <TextInput key="province" source="province" label="省" alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="新建机构" />
    <ImportInstitutionsButton />
  </TopToolbar>
);

/** Institutions by kind, region and status; each row opens its edit page, or is disabled/enabled in place. */
export const InstitutionList = () => (
  <EditableList title="机构" filters={filters} actions={<Actions />} sortField="code">
    <TextField source="code" label="机构代码" />
    <TextField source="name" label="机构名称" />
    <SelectField source="kind" label="机构类型" choices={KIND_CHOICES} />
    <TextField source="province" label="省" />
    <TextField source="city" label="市" sortable={false} />
    <TextField source="county" label="县（区）" sortable={false} />
    <SelectField source="status" label="状态" choices={STATUS_CHOICES} />
    <NumberField source="accountCount" label="机构账号" sortable={false} />
    <StatusToggleButton />
  </EditableList>
);

export default InstitutionList;
