import type { HttpClient } from '@lianmeng/core/http';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FilePicker } from '../../components/FilePicker';
import { consoleHttp } from '../../providers/http';
import { IMAGE_ACCEPT, useImageUpload } from '../../upload/useImageUpload';

/**
 * The site logo: an image sent through the same upload call as banners, stored as its `/uploads/…` address
 * in `logoImage`. Empty means the portal's built-in logo, which the preview then shows in words.
 */
export const LogoUpload = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const { setValue } = useFormContext();
  const logo = useWatch({ name: 'logoImage' }) as string | undefined;
  const hintId = useId();

  const { progress, error, onChange } = useImageUpload(http, (image) =>
    setValue('logoImage', image.photoAddress, { shouldDirty: true, shouldValidate: true }),
  );

  return (
    <Box component="fieldset" sx={{ my: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 2, width: '100%' }}>
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        站点标志
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        显示在门户页头左侧，建议使用高 96 像素、背景透明的 PNG 图片；不上传则使用内置标志。
      </Typography>
      <Box sx={{ my: 1 }}>
        {logo ? (
          <img src={logo} alt="站点标志预览" style={{ display: 'block', maxHeight: 48, maxWidth: 240 }} />
        ) : (
          <Typography variant="body2">当前使用内置标志</Typography>
        )}
      </Box>
      <FilePicker label="上传站点标志" accept={IMAGE_ACCEPT} aria-describedby={hintId} onChange={onChange} />
      {logo ? (
        <Button
          size="small"
          sx={{ ml: 2 }}
          onClick={() => setValue('logoImage', '', { shouldDirty: true, shouldValidate: true })}
        >
          恢复内置标志
        </Button>
      ) : null}
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="上传进度" /> : null}
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
};
