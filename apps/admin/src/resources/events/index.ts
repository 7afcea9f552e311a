import EventIcon from '@mui/icons-material/EmojiEvents';
import { lazy } from 'react';

/** The match events (赛事), kept by editors and administrators; hidden rather than deleted. */
export default {
  list: lazy(() => import('./EventList')),
  create: lazy(() => import('./EventCreate')),
  edit: lazy(() => import('./EventEdit')),
  icon: EventIcon,
  options: { label: '赛事' },
  recordRepresentation: 'name',
};
