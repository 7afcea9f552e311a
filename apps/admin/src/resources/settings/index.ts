import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';

/** The site settings are one record, edited on the resource's only page. */
export default {
  list: lazy(() => import('./SettingsPage')),
  icon: SettingsIcon,
  options: { label: '站点设置' },
};
