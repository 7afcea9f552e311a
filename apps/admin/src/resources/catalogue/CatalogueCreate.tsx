import { Create } from 'react-admin';
import { CatalogueForm } from './CatalogueForm';

/** A new item is active: institutions can record credits under it at once. */
export const CatalogueCreate = () => (
  <Create title="新增学分项目" redirect="list" record={{ evidenceRequired: false }}>
    <CatalogueForm />
  </Create>
);

export default CatalogueCreate;
