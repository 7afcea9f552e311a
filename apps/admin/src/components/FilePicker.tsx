import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box } from '@mui/material';
import { type ChangeEvent, useState } from 'react';

interface FilePickerProps {
  /** What the picked file is for, shown before the button and read out as the input's name. */
  label: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * A file input with a Chinese button and the picked file's name. The browser draws its own file input with
 * words in the browser's language ("Choose File", "No file chosen"), which no style can change; so the input
 * is hidden from sight but stays in the page, where Tab reaches it, Space or Enter opens the picker, and a
 * screen reader names it by `label`. Clicking anywhere on the label opens the picker too. The button shows
 * the input's keyboard focus.
 */
export const FilePicker = ({ label, accept, onChange, disabled = false, ...described }: FilePickerProps) => {
  // The upload handlers clear the input at once (so the same file can be picked again): the name is kept here.
  const [picked, setPicked] = useState<string>();
  return (
    <Box
      component="label"
      sx={{
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        cursor: disabled ? 'default' : 'pointer',
        '& input:focus-visible + .FilePicker-button': {
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      <Box component="span" sx={{ typography: 'body2' }}>
        {label}：
      </Box>
      <Box
        component="input"
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={label}
        {...described}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setPicked(event.target.files?.[0]?.name);
          onChange(event);
        }}
        sx={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
          border: 0,
          padding: 0,
          margin: '-1px',
        }}
      />
      <Box
        component="span"
        className="FilePicker-button"
        aria-hidden="true"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1.5,
          py: 0.5,
          border: 1,
          borderColor: 'primary.main',
          borderRadius: 1,
          color: 'primary.main',
          typography: 'button',
          opacity: disabled ? 0.5 : 1,
          '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
        }}
      >
        <UploadFileIcon fontSize="small" />
        选择文件
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{ typography: 'body2', color: 'text.secondary', wordBreak: 'break-all' }}
      >
        {picked ?? '未选择文件'}
      </Box>
    </Box>
  );
};
