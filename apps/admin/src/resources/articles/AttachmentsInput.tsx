import { type Attachment, api, DOCUMENT_UPLOAD_LIMITS } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Box, Button, IconButton, LinearProgress, List, ListItem, TextField, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useInput } from 'react-admin';
import { FilePicker } from '../../components/FilePicker';
import { consoleHttp } from '../../providers/http';

const ACCEPT = DOCUMENT_UPLOAD_LIMITS.extensions.map((extension) => `.${extension}`).join(',');
const MAX_MEGABYTES = DOCUMENT_UPLOAD_LIMITS.maxBytes / 1024 / 1024;

/** 1.5 MB, 12 KB, 300 B: the size an editor reads at a glance. */
export const formatSize = (bytes: number | undefined) => {
  if (bytes === undefined) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
};

const move = (list: Attachment[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
};

/**
 * The article's attachments (`{name, url, size}`): documents uploaded one at a time with their progress,
 * listed with name and size, renamed, reordered or removed. The server reads each file's type from its
 * bytes and keeps the original name for the download; the size is checked here too, so an editor learns
 * of an oversized file before waiting for it to upload.
 */
export const AttachmentsInput = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const { field } = useInput<Attachment[]>({
    source: 'attachments',
    defaultValue: [],
    format: (value) => value ?? [],
    parse: (value) => value,
  });
  const attachments: Attachment[] = Array.isArray(field.value) ? field.value : [];
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const change = (next: Attachment[]) => field.onChange(next);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    if (file.size > DOCUMENT_UPLOAD_LIMITS.maxBytes) {
      setError(`附件不能超过 ${MAX_MEGABYTES} MB`);
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setProgress(0);
    const result = await http.call(api.img.uploadDocument, { body, onUploadProgress: setProgress });
    setProgress(null);
    if (!result.ok) setError(result.message);
    // The same content always gets the same address: listing it twice would offer one file twice.
    else if (attachments.some((item) => item.url === result.data.url)) setError('这个文件已在附件列表中');
    else change([...attachments, result.data]);
  };

  return (
    <Box sx={{ my: 1, width: '100%' }} component="fieldset" aria-label="附件">
      <Typography component="legend" variant="subtitle2">
        附件
      </Typography>
      {attachments.length > 0 ? (
        <List dense aria-label="附件列表">
          {attachments.map((attachment, index) => (
            <ListItem key={attachment.url} sx={{ gap: 1, flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label={`附件 ${index + 1} 名称`}
                value={attachment.name}
                error={attachment.name.trim() === ''}
                helperText={attachment.name.trim() === '' ? '请填写附件名称' : undefined}
                onChange={(event) =>
                  change(attachments.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)))
                }
              />
              <Typography variant="body2" color="text.secondary">
                {formatSize(attachment.size)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {attachment.url}
              </Typography>
              <IconButton
                aria-label={`上移 ${attachment.name}`}
                disabled={index === 0}
                onClick={() => change(move(attachments, index, index - 1))}
              >
                ↑
              </IconButton>
              <IconButton
                aria-label={`下移 ${attachment.name}`}
                disabled={index === attachments.length - 1}
                onClick={() => change(move(attachments, index, index + 1))}
              >
                ↓
              </IconButton>
              <Button
                color="error"
                aria-label={`删除 ${attachment.name}`}
                onClick={() => change(attachments.filter((_, at) => at !== index))}
              >
                删除
              </Button>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          暂无附件
        </Typography>
      )}
      <FilePicker
        label={`上传附件（${DOCUMENT_UPLOAD_LIMITS.acceptedFormats.join('、')}，不超过 ${MAX_MEGABYTES} MB）`}
        accept={ACCEPT}
        onChange={upload}
        disabled={progress !== null}
      />
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="附件上传进度" /> : null}
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
};
