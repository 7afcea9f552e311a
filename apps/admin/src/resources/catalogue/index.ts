import CatalogueIcon from '@mui/icons-material/MenuBook';
import { lazy } from 'react';

/** The catalogue of creditable activities (学分项目目录); administrators only. Items are retired, never deleted. */
export default {
  list: lazy(() => import('./CatalogueList')),
  create: lazy(() => import('./CatalogueCreate')),
  edit: lazy(() => import('./CatalogueEdit')),
  icon: CatalogueIcon,
  options: { label: '学分项目目录' },
  recordRepresentation: 'name',
};
