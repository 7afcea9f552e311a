import { BooleanField, DateField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { COLUMN_CHOICES } from './ArticleForm';

/** Read-only view for staff. */
export const ArticleShow = () => (
  <Show title="查看文章">
    <SimpleShowLayout>
      <TextField source="title" label="标题" />
      <SelectField source="typeId" label="栏目" choices={COLUMN_CHOICES} />
      <DateField source="publishTime" label="发布日期" showTime locales="zh-CN" />
      <TextField source="source" label="来源" />
      <TextField source="summary" label="摘要" />
      <BooleanField source="published" label="已发布" />
    </SimpleShowLayout>
  </Show>
);

export default ArticleShow;
