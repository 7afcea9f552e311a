import AccountIcon from '@mui/icons-material/ManageAccounts';
import { lazy } from 'react';

/** The console accounts' views, each its own chunk loaded when first opened. */
export default {
  list: lazy(() => import('./AccountList')),
  create: lazy(() => import('./AccountCreate')),
  edit: lazy(() => import('./AccountEdit')),
  icon: AccountIcon,
  options: { label: '账号' },
  recordRepresentation: 'username',
};
