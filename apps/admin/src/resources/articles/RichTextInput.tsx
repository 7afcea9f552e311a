import { Box, Button, ButtonGroup, FormHelperText, InputLabel } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useInput } from 'react-admin';

type Command = { label: string; run: () => void };

/**
 * A small rich-text editor: a contentEditable area and a toolbar of the formats the server's sanitiser
 * keeps (paragraphs, h2/h3, bold, italic, underline, lists, links). No dependency, so it costs almost
 * nothing in the bundle; the server cleans whatever arrives, so the editor need not.
 */
export const RichTextInput = ({ source, label }: { source: string; label: string }) => {
  const { field, fieldState } = useInput({ source, defaultValue: '' });
  const area = useRef<HTMLDivElement>(null);
  const initial = useRef(field.value as string);

  useEffect(() => {
    if (area.current) area.current.innerHTML = initial.current ?? '';
  }, []);

  const exec = (command: string, value?: string) => () => {
    area.current?.focus();
    document.execCommand?.(command, false, value);
    field.onChange(area.current?.innerHTML ?? '');
  };
  const commands: Command[] = [
    { label: '加粗', run: exec('bold') },
    { label: '斜体', run: exec('italic') },
    { label: '下划线', run: exec('underline') },
    { label: '标题', run: exec('formatBlock', 'h2') },
    { label: '小标题', run: exec('formatBlock', 'h3') },
    { label: '正文', run: exec('formatBlock', 'p') },
    { label: '项目列表', run: exec('insertUnorderedList') },
    { label: '编号列表', run: exec('insertOrderedList') },
    {
      label: '链接',
      run: () => {
        const url = window.prompt('链接地址（http:// 或 https:// 开头）');
        if (url && /^https?:\/\//i.test(url)) exec('createLink', url)();
      },
    },
    { label: '清除格式', run: exec('removeFormat') },
  ];

  return (
    <Box sx={{ my: 2, width: '100%' }}>
      <InputLabel shrink>{label}</InputLabel>
      <ButtonGroup size="small" variant="outlined" aria-label="正文格式">
        {commands.map((command) => (
          <Button key={command.label} onMouseDown={(event) => event.preventDefault()} onClick={command.run}>
            {command.label}
          </Button>
        ))}
      </ButtonGroup>
      <Box
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => field.onChange((event.target as HTMLDivElement).innerHTML)}
        onBlur={field.onBlur}
        sx={{
          mt: 1,
          minHeight: 240,
          p: 1.5,
          border: '1px solid',
          borderColor: fieldState.error ? 'error.main' : 'grey.400',
          borderRadius: 1,
          '& img': { maxWidth: '100%' },
        }}
      />
      {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </Box>
  );
};
