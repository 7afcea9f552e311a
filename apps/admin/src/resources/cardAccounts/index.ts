import CardAccountIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';

/** Card accounts as institution accounts (机构账号) and operators (审核员): granted and withdrawn here. */
export default {
  list: lazy(() => import('./CardAccountList')),
  edit: lazy(() => import('./CardAccountEdit')),
  icon: CardAccountIcon,
  options: { label: '机构账号与审核员' },
  recordRepresentation: 'cardNo',
};
