import { Create } from 'react-admin';
import { ArticleForm } from './ArticleForm';

export const ArticleCreate = () => (
  <Create title="新建文章" redirect="list">
    <ArticleForm />
  </Create>
);

export default ArticleCreate;
