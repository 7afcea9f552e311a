import { Create } from 'react-admin';
import { InstitutionForm } from './InstitutionForm';

/** A new institution starts enabled; its accounts are granted on the card accounts screen. */
export const InstitutionCreate = () => (
  <Create title="新建机构" redirect="list">
    <InstitutionForm />
  </Create>
);

export default InstitutionCreate;
