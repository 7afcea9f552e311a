import AuditIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The audit log: a list only, since entries are written by the server and never edited. */
export default {
  list: lazy(() => import('./AuditList')),
  icon: AuditIcon,
  options: { label: '审计日志' },
};
