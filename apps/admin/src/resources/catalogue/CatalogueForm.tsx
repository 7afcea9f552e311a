import type { CreditKind } from '@lianmeng/core';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  FormDataConsumer,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { KIND_CHOICES, levelChoicesOf } from './choices';

/** At most one decimal place, as the server keeps credits. */
const oneDecimal = (value: unknown) =>
  typeof value === 'number' && Math.round(value * 10) !== value * 10 ? '最多保留 1 位小数' : undefined;
const creditRules = [required('请填写学分'), minValue(0.1, '应大于 0'), maxValue(100, '不能超过 100'), oneDecimal];

/** Checked on both fields: a form validates a field when it changes, whichever of the two was typed last. */
const notAboveMax = (value: unknown, all: Record<string, unknown>) =>
  typeof value === 'number' && typeof all.maxCredits === 'number' && value > all.maxCredits
    ? '默认学分不能大于最高学分'
    : undefined;
const notBelowDefault = (value: unknown, all: Record<string, unknown>) =>
  typeof value === 'number' && typeof all.defaultCredits === 'number' && value < all.defaultCredits
    ? '最高学分不能小于默认学分'
    : undefined;

/** The level must be one of the chosen kind's: an exam's 一级–七级, an event's 校级–国家级. */
const levelOfKind = (value: unknown, all: Record<string, unknown>) =>
  typeof value === 'string' &&
  typeof all.kind === 'string' &&
  !levelChoicesOf(all.kind as CreditKind).some((choice) => choice.id === value)
    ? '级别与项目类型不符'
    : undefined;

/** The fields an administrator sets for a catalogue item; the server checks the same rules. */
const CatalogueFields = () => (
  <>
    <TextInput
      source="code"
      label="项目代码"
      helperText="2 到 32 位字母、数字或连字符，如 EXAM-3；学分导入表格用它识别项目"
      validate={[required('请填写项目代码'), regex(/^[A-Za-z0-9-]{2,32}$/, '应为 2 到 32 位字母、数字或连字符')]}
    />
    <TextInput
      source="name"
      label="项目名称"
      validate={[required('请填写项目名称'), maxLength(100, '不能超过 100 个字')]}
    />
    <SelectInput source="kind" label="项目类型" choices={KIND_CHOICES} validate={required('请选择项目类型')} />
    <FormDataConsumer<{ kind?: CreditKind }>>
      {({ formData }) => (
        <SelectInput
          source="level"
          label="级别"
          choices={levelChoicesOf(formData.kind)}
          validate={[required('请选择级别'), levelOfKind]}
          helperText="等级考试为一级至七级，其余按主办层级：校级至国家级"
        />
      )}
    </FormDataConsumer>
    <NumberInput
      source="defaultCredits"
      label="默认学分"
      step={0.5}
      validate={[...creditRules, notAboveMax]}
      helperText="登记时默认填入的学分"
    />
    <NumberInput
      source="maxCredits"
      label="最高学分"
      step={0.5}
      validate={[...creditRules, notBelowDefault]}
      helperText="一条记录最多可记的学分"
    />
    <BooleanInput source="evidenceRequired" label="登记时须上传证明材料" />
  </>
);

export const CatalogueForm = ({ children }: { children?: ReactNode }) => (
  <SimpleForm mode="onChange">
    <CatalogueFields />
    {children}
  </SimpleForm>
);
