import ArticleIcon from '@mui/icons-material/Article';
import { lazy } from 'react';

/** The article resource's views, each its own chunk loaded when first opened. */
export default {
  list: lazy(() => import('./ArticleList')),
  create: lazy(() => import('./ArticleCreate')),
  edit: lazy(() => import('./ArticleEdit')),
  show: lazy(() => import('./ArticleShow')),
  icon: ArticleIcon,
  options: { label: '文章' },
  recordRepresentation: 'title',
};
