import InstitutionIcon from '@mui/icons-material/Business';
import { lazy } from 'react';

/** The institutions (机构) that open cards and record credits; administrators only. */
export default {
  list: lazy(() => import('./InstitutionList')),
  create: lazy(() => import('./InstitutionCreate')),
  edit: lazy(() => import('./InstitutionEdit')),
  icon: InstitutionIcon,
  options: { label: '机构' },
  recordRepresentation: 'name',
};
