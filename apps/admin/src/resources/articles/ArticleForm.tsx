import { COLUMNS, isHttpUrl, isUploadPath } from '@lianmeng/core';
import { BooleanInput, DateTimeInput, maxLength, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { FormToolbar } from '../../components/FormToolbar';
import { ArticlePreview } from './ArticlePreview';
import { AttachmentsInput } from './AttachmentsInput';
import { CoverUpload } from './CoverUpload';
import { RichTextInput } from './RichTextInput';

export const COLUMN_CHOICES = COLUMNS.map((column) => ({ id: column.typeId, name: column.title }));

const fileAddress = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isUploadPath(value) && !isHttpUrl(value)
    ? '应为上传后的地址或 http(s) 开头的网址'
    : undefined;

/** DateTimeInput gives a Date or local text; the server stores ISO time. */
const toIso = (value: unknown) => (value ? new Date(value as string).toISOString() : value);

export const ArticleForm = () => (
  <SimpleForm
    defaultValues={{ published: false, publishTime: new Date().toISOString(), attachments: [] }}
    toolbar={<FormToolbar />}
  >
    <SelectInput source="typeId" label="栏目" choices={COLUMN_CHOICES} validate={required('请选择栏目')} />
    <TextInput source="title" label="标题" validate={[required('请填写标题'), maxLength(200)]} fullWidth />
    <DateTimeInput source="publishTime" label="发布日期" validate={required('请填写发布日期')} parse={toIso} />
    <TextInput source="source" label="来源" />
    <TextInput source="author" label="作者" />
    <TextInput source="summary" label="摘要（留空则取正文开头）" multiline fullWidth validate={maxLength(500)} />
    <CoverUpload />
    <TextInput source="coverImage" label="封面图地址" validate={fileAddress} fullWidth />
    <RichTextInput source="body" label="正文" />
    <AttachmentsInput />
    <BooleanInput source="published" label="发布（关闭则为草稿，门户不显示）" />
    <ArticlePreview />
  </SimpleForm>
);
