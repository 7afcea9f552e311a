import type { HttpClient } from '@lianmeng/core/http';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { FilePicker } from '../../components/FilePicker';
import { consoleHttp } from '../../providers/http';
import { IMAGE_ACCEPT, useImageUpload } from '../../upload/useImageUpload';

/** Uploads a cover image (the same upload call as banners) into `coverImage`. */
export const CoverUpload = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const { setValue } = useFormContext();
  const cover = useWatch({ name: 'coverImage' }) as string | undefined;

  const { progress, error, onChange } = useImageUpload(http, (image) =>
    setValue('coverImage', image.photoAddress, { shouldDirty: true, shouldValidate: true }),
  );

  return (
    <Box sx={{ my: 1 }}>
      <FilePicker label="上传封面图" accept={IMAGE_ACCEPT} onChange={onChange} />
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
