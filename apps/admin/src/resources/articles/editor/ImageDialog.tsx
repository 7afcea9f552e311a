import type { HttpClient } from '@lianmeng/core/http';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { FilePicker } from '../../../components/FilePicker';
import { IMAGE_ACCEPT, useImageUpload } from '../../../upload/useImageUpload';
import type { FigureAttributes } from './extensions';

/**
 * Uploads an image through the console's image upload call and asks for its alt text (required: readers
 * who cannot see it hear it) and an optional caption. With `edit`, changes the alt text and caption of an
 * image already in the body, without a new upload.
 */
export const ImageDialog = ({
  http,
  edit,
  onClose,
  onDone,
}: {
  http: HttpClient;
  edit?: FigureAttributes;
  onClose: () => void;
  onDone: (attributes: FigureAttributes) => void;
}) => {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState(edit?.alt ?? '');
  const [caption, setCaption] = useState(edit?.caption ?? '');
  const { progress, error, setError, upload } = useImageUpload(http);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!alt.trim()) return setError('请填写替代文字');
    if (edit) return onDone({ ...edit, alt: alt.trim(), caption: caption.trim() });
    if (!file) return setError('请选择图片');
    const image = await upload(file);
    if (!image) return;
    onDone({
      src: image.photoAddress,
      alt: alt.trim(),
      caption: caption.trim(),
      width: image.width || null,
      height: image.height || null,
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{edit ? '图片说明' : '插入图片'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {edit ? null : (
            <FilePicker label="选择图片" accept={IMAGE_ACCEPT} onChange={(event) => setFile(event.target.files?.[0])} />
          )}
          <TextField
            label="替代文字（必填，向看不到图片的读者描述图片）"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            required
            fullWidth
          />
          <TextField
            label="图片说明（选填，显示在图片下方）"
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            fullWidth
          />
          {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="上传进度" /> : null}
          {error ? (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" disabled={progress !== null}>
            {edit ? '确定' : '上传并插入'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
