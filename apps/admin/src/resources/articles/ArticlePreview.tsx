import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Shows the article as a reader would see it. The body renders in a sandboxed frame (no scripts, no
 * same-origin access), since what an editor typed has not been through the server's sanitiser yet.
 */
export const ArticlePreview = () => {
  const [open, setOpen] = useState(false);
  const [title, body, publishTime, source] = useWatch({ name: ['title', 'body', 'publishTime', 'source'] }) as [
    string | undefined,
    string | undefined,
    string | Date | undefined,
    string | undefined,
  ];
  const date = publishTime ? new Date(publishTime).toLocaleString('zh-CN') : '';
  const page = `<!doctype html><meta charset="utf-8"><style>body{font-family:sans-serif;max-width:760px;margin:16px auto;line-height:1.8}img{max-width:100%}</style><h1>${escapeHtml(title ?? '')}</h1><p style="color:#666">${escapeHtml(date)} ${source ? `来源：${escapeHtml(source)}` : ''}</p>${body ?? ''}`;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        预览
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>预览</DialogTitle>
        <DialogContent>
          <iframe title="文章预览" sandbox="" srcDoc={page} style={{ width: '100%', height: '70vh', border: 0 }} />
        </DialogContent>
      </Dialog>
    </>
  );
};
