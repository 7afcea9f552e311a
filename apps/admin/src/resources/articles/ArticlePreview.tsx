import { api } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Button, CircularProgress, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { consoleHttp } from '../../providers/http';

/**
 * Shows the unsaved article as the portal renders it: the server renders its detail page (layout,
 * sanitised body, attachments) without saving anything, and the page shows in a sandboxed frame (no
 * scripts, no same-origin access).
 */
export const ArticlePreview = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const { getValues } = useFormContext();
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState<string>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const show = async () => {
    setOpen(true);
    setHtml(undefined);
    setError(undefined);
    const { id, typeId, title, summary, body, publishTime, source, author, coverImage, attachments, published } =
      getValues();
    if (typeof typeId !== 'number' || !title?.trim()) {
      setError('请先选择栏目并填写标题，再预览');
      return;
    }
    setLoading(true);
    const result = await http.call(api.consoleApi.articlePreview, {
      body: {
        ...(typeof id === 'number' ? { id } : {}),
        typeId,
        title,
        summary: summary ?? '',
        body: body ?? '',
        publishTime: publishTime ? new Date(publishTime).toISOString() : new Date().toISOString(),
        source: source ?? '',
        author: author ?? '',
        coverImage: coverImage ?? '',
        attachments: attachments ?? [],
        published: Boolean(published),
      },
    });
    setLoading(false);
    if (result.ok) setHtml(result.data.html);
    else setError(result.message);
  };

  return (
    <>
      <Button variant="outlined" onClick={show}>
        预览
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth>
        <DialogTitle>预览（门户显示效果，未保存）</DialogTitle>
        <DialogContent>
          {loading ? <CircularProgress aria-label="正在生成预览" /> : null}
          {error ? (
            <Typography role="alert" color="error">
              {error}
            </Typography>
          ) : null}
          {html ? (
            <iframe title="文章预览" sandbox="" srcDoc={html} style={{ width: '100%', height: '75vh', border: 0 }} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
};
