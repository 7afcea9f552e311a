import { BANNER, IMAGE_SORT, type ImageSortId, PARTNER_TILE } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { FilePicker } from '../../components/FilePicker';
import { consoleHttp } from '../../providers/http';
import { IMAGE_ACCEPT, useImageUpload } from '../../upload/useImageUpload';

export const recommendedSize = (sort: ImageSortId) =>
  sort === IMAGE_SORT.banner
    ? `${BANNER.recommendedWidthPx}×${BANNER.recommendedHeightPx}`
    : `${PARTNER_TILE.widthPx}×${PARTNER_TILE.heightPx}`;

/**
 * Uploads an image file to /lianmeng/img/upload with a progress bar; the answer fills photoAddress and
 * smallPhotoAddress. The server's refusal shows under the button, in its own words.
 */
export const ImageUpload = ({ sort, http = consoleHttp }: { sort: ImageSortId; http?: HttpClient }) => {
  const { setValue } = useFormContext();
  const photoAddress = useWatch({ name: 'photoAddress' }) as string | undefined;

  const { progress, error, onChange } = useImageUpload(http, (image) => {
    setValue('photoAddress', image.photoAddress, { shouldDirty: true, shouldValidate: true });
    setValue('smallPhotoAddress', image.smallPhotoAddress, { shouldDirty: true });
  });

  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="body2" gutterBottom>
        推荐尺寸：{recommendedSize(sort)} 像素（PNG、JPEG、WebP 或 GIF）
      </Typography>
      <FilePicker label="选择图片上传" accept={IMAGE_ACCEPT} onChange={onChange} />
      {progress !== null ? (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label="上传进度" />
          <Typography variant="caption">正在上传 {progress}%</Typography>
        </Box>
      ) : null}
      {error ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : null}
      {photoAddress ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" component="p">
            预览
          </Typography>
          <img
            src={photoAddress}
            alt="图片预览"
            style={{ maxWidth: '100%', maxHeight: 200, border: '1px solid #ddd' }}
          />
        </Box>
      ) : null}
    </Box>
  );
};
