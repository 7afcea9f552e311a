import type { ConsoleEvent } from '@lianmeng/core';
import { CreateButton, FunctionField, SelectField, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { EditableList } from '../../components/EditableList';
import { beijingText } from '../images/showingWindow';
import { LEVEL_CHOICES, TYPE_CHOICES } from './choices';

const filters = [
  <TextInput key="q" source="q" label="搜索名称或批准文号" alwaysOn />,
  <TextInput key="season" source="season" label="赛季" alwaysOn />,
  <SelectInput key="level" source="level" label="级别" choices={LEVEL_CHOICES} alwaysOn />,
  <SelectInput key="type" source="type" label="类别" choices={TYPE_CHOICES} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="新建赛事" />
  </TopToolbar>
);

/** The registration window in Beijing time, whatever the browser's zone. */
const windowText = (event: ConsoleEvent) =>
  `${beijingText(event.registrationOpens)} 至 ${beijingText(event.registrationCloses)}`;

/** Every event, newest window first; each row opens its edit page. Events are hidden, never deleted. */
export const EventList = () => (
  <EditableList title="赛事" filters={filters} actions={<Actions />} sortField="registrationOpens" sortOrder="DESC">
    <TextField source="name" label="赛事名称" />
    <TextField source="season" label="赛季" />
    <SelectField source="type" label="类别" choices={TYPE_CHOICES} sortable={false} />
    <TextField source="level" label="级别" />
    <TextField source="organizerName" label="承办单位" sortable={false} />
    <FunctionField
      source="registrationOpens"
      label="报名时间（北京时间）"
      render={(event: ConsoleEvent) => windowText(event)}
    />
    <TextField source="phaseLabel" label="阶段" sortable={false} />
    <FunctionField label="公开" sortable={false} render={(event: ConsoleEvent) => (event.visible ? '是' : '否')} />
  </EditableList>
);

export default EventList;
