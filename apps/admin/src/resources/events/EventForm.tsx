import { api, EVENT_LIMITS, type EventChoices, type EventItem, eventWindowIssue } from '@lianmeng/core';
import { useEffect, useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { consoleHttp } from '../../providers/http';
import { fromBeijingInput, toBeijingInput } from '../images/showingWindow';
import { LEVEL_CHOICES, TYPE_CHOICES } from './choices';

type ItemInput = Partial<Omit<EventItem, 'id'>> & { id?: number };
type EventValues = {
  registrationOpens?: string;
  registrationCloses?: string;
  resultsFrom?: string;
  items?: ItemInput[];
};

/** An item's switches side by side keep their labels on one line, not a character a line. */
const ONE_LINE = { '& .MuiFormControlLabel-label': { whiteSpace: 'nowrap' } } as const;

/** What a new item holds before the editor changes it: one member, no attachments asked for. */
export const NEW_ITEM: ItemInput = {
  name: '',
  minMembers: 1,
  maxMembers: 1,
  needsReport: false,
  needsPhotos: false,
  needsVideo: false,
};

/**
 * The window's order, as the server checks it (the contract's rule), shown under the field it names. Both
 * ends are checked on each change, whichever end was typed last.
 */
const windowRule = (field: 'registrationCloses' | 'resultsFrom') => (_: unknown, all: EventValues) => {
  const issue = eventWindowIssue(all);
  return issue?.path === field ? issue.message : undefined;
};

const teamSize = [
  required('请填写人数'),
  minValue(1, '至少 1 人'),
  maxValue(EVENT_LIMITS.maxTeamSize, `最多 ${EVENT_LIMITS.maxTeamSize} 人`),
];

/** An item's limits in order: the form names array fields `items.<n>.<field>`. */
const notBelowMinimum = (value: unknown, all: EventValues, props: { source?: string }) => {
  const index = Number(/^items\.(\d+)\./.exec(props.source ?? '')?.[1]);
  const minimum = all.items?.[index]?.minMembers;
  return typeof value === 'number' && typeof minimum === 'number' && value < minimum
    ? '最少人数不能多于最多人数'
    : undefined;
};

const itemsRule = (items: unknown) => {
  const list = Array.isArray(items) ? (items as ItemInput[]) : [];
  if (list.length === 0) return '至少一个项目';
  if (list.length > EVENT_LIMITS.maxItems) return `最多 ${EVENT_LIMITS.maxItems} 个项目`;
  const names = list.map((item) => item?.name?.trim()).filter(Boolean);
  return new Set(names).size === names.length ? undefined : '项目名称不能重复';
};

/** An empty description is sent as empty text (react-admin's text inputs give null for an empty field). */
const textOrEmpty = (value: unknown) => (typeof value === 'string' ? value : '');

const beijingInstant = {
  type: 'datetime-local',
  format: toBeijingInput,
  parse: fromBeijingInput,
  slotProps: { inputLabel: { shrink: true } },
} as const;

/**
 * What the form offers, asked of the server once: the active institutions, and the sports-meeting and
 * competition items (an editor may pick from them, though only administrators keep the two lists).
 */
const useEventChoices = () => {
  const [choices, setChoices] = useState<EventChoices | null>(null);
  useEffect(() => {
    let current = true;
    void consoleHttp.call(api.consoleApi.eventChoices).then((result) => {
      if (current && result.ok) setChoices(result.data);
    });
    return () => {
      current = false;
    };
  }, []);
  return choices;
};

type CatalogueChoice = EventChoices['catalogue'][number];

/** The item's name with its level, unless the name already says it (the seeded items' do). */
const catalogueLabel = (item: CatalogueChoice) =>
  item.name.includes(item.level) ? item.name : `${item.name}（${item.level}）`;

/** Active items, and the one the event was made with even if it has since been retired. */
const CatalogueSelect = ({ catalogue }: { catalogue: CatalogueChoice[] | null }) => {
  const saved = useRecordContext<{ catalogueId?: number }>()?.catalogueId;
  // Until the choices are here the saved item would be out of the select's range.
  if (!catalogue) return null;
  return (
    <SelectInput
      source="catalogueId"
      label="学分项目"
      choices={catalogue.filter((item) => item.active || item.id === saved)}
      optionText={catalogueLabel}
      validate={required('请选择学分项目')}
      helperText="获奖学生的学分按这个项目入账；只列出启用中的运动会、竞赛类项目"
    />
  );
};

/** The fields of an event; the server checks the same rules. No field is a price or a fee. */
export const EventForm = () => {
  const choices = useEventChoices();
  return (
    <SimpleForm mode="onChange">
      <TextInput
        source="name"
        label="赛事名称"
        validate={[required('请填写赛事名称'), maxLength(100, '不能超过 100 个字')]}
        fullWidth
      />
      <TextInput
        source="season"
        label="赛季"
        helperText="年份，如 2027"
        validate={[required('请填写赛季'), regex(/^20\d{2}$/, '应为年份，如 2026')]}
      />
      <SelectInput source="type" label="类别" choices={TYPE_CHOICES} validate={required('请选择类别')} />
      <SelectInput source="level" label="级别" choices={LEVEL_CHOICES} validate={required('请选择级别')} />
      <AutocompleteInput
        source="organizerId"
        label="承办单位"
        choices={choices?.organizers ?? []}
        isPending={!choices}
        optionText={(choice: { code: string; name: string }) => `${choice.name}（${choice.code}）`}
        validate={required('请选择承办单位')}
        helperText="输入机构名称或代码搜索；只列出启用中的机构"
        noOptionsText="没有找到机构"
      />
      <TextInput
        source="approvalNo"
        label="批准文号"
        validate={[required('请填写批准文号'), maxLength(100, '不能超过 100 个字')]}
        fullWidth
      />
      <TextInput
        source="description"
        label="赛事简介"
        multiline
        minRows={3}
        parse={textOrEmpty}
        validate={maxLength(5000, '不能超过 5000 个字')}
        fullWidth
      />
      <TextInput
        source="registrationOpens"
        label="报名开始（北京时间）"
        validate={required('请填写报名开始时间')}
        {...beijingInstant}
      />
      <TextInput
        source="registrationCloses"
        label="报名截止（北京时间）"
        validate={[required('请填写报名截止时间'), windowRule('registrationCloses')]}
        {...beijingInstant}
      />
      <TextInput
        source="resultsFrom"
        label="成绩公布日期（北京时间）"
        type="date"
        validate={[required('请填写成绩公布日期'), windowRule('resultsFrom')]}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <NumberInput
        source="objectionDays"
        label="公示期（天）"
        validate={[
          required('请填写公示期'),
          minValue(EVENT_LIMITS.objectionDays.min, `至少 ${EVENT_LIMITS.objectionDays.min} 天`),
          maxValue(EVENT_LIMITS.objectionDays.max, `最多 ${EVENT_LIMITS.objectionDays.max} 天`),
        ]}
        helperText="成绩公布后接受异议的天数"
      />
      <CatalogueSelect catalogue={choices?.catalogue ?? null} />
      <ArrayInput source="items" label="比赛项目" validate={itemsRule}>
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="name"
            label="项目名称"
            validate={[required('请填写项目名称'), maxLength(50, '不能超过 50 个字')]}
          />
          <NumberInput source="minMembers" label="最少人数" defaultValue={1} validate={teamSize} />
          <NumberInput
            source="maxMembers"
            label="最多人数"
            defaultValue={1}
            validate={[...teamSize, notBelowMinimum]}
          />
          <BooleanInput source="needsReport" label="需设计报告" defaultValue={false} sx={ONE_LINE} />
          <BooleanInput
            source="needsPhotos"
            label={`需照片（${EVENT_LIMITS.photos.min}–${EVENT_LIMITS.photos.max} 张）`}
            sx={ONE_LINE}
            defaultValue={false}
          />
          <BooleanInput
            source="needsVideo"
            label={`需视频（≤${EVENT_LIMITS.video.maxSeconds / 60} 分钟）`}
            sx={ONE_LINE}
            defaultValue={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="visible" label="公开（在赛事活动页面展示）" />
    </SimpleForm>
  );
};
