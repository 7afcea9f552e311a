import { Edit } from 'react-admin';
import { ArticleForm } from './ArticleForm';

export const ArticleEdit = () => (
  <Edit title="编辑文章" redirect="list" mutationMode="pessimistic">
    <ArticleForm />
  </Edit>
);

export default ArticleEdit;
