import { Box, LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';

// The editor (TipTap and ProseMirror) is the heaviest part of the console: it loads only when an article
// form shows its body field, not with the article list that shares this folder's modules.
const ArticleBodyEditor = lazy(() => import('./editor/ArticleBodyEditor'));

/** The article body input: a rich-text editor whose output the server's sanitiser keeps unchanged. */
export const RichTextInput = ({ source, label }: { source: string; label: string }) => (
  <Suspense
    fallback={
      <Box sx={{ my: 2, width: '100%' }}>
        <LinearProgress aria-label={`${label}编辑器加载中`} />
      </Box>
    }
  >
    <ArticleBodyEditor source={source} label={label} />
  </Suspense>
);
