import { api } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Box, LinearProgress, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { consoleHttp } from '../../providers/http';

/** Uploads a cover image (the same upload call as banners) into `coverImage`. */
export const CoverUpload = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const { setValue } = useFormContext();
  const cover = useWatch({ name: 'coverImage' }) as string | undefined;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    setError(undefined);
    setProgress(0);
    const result = await http.call(api.img.upload, { body, onUploadProgress: setProgress });
    setProgress(null);
    if (!result.ok) setError(result.message);
    else setValue('coverImage', result.data.photoAddress, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Box sx={{ my: 1 }}>
      <label>
        上传封面图：
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={upload} />
      </label>
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="上传进度" /> : null}
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {error}
        </Typography>
      ) : null}
      {cover ? <img src={cover} alt="封面预览" style={{ display: 'block', maxHeight: 120, marginTop: 8 }} /> : null}
    </Box>
  );
};
