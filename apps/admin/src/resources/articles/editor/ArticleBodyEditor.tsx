import type { HttpClient } from '@lianmeng/core/http';
import { Box, Button, Divider, FormHelperText, InputLabel, Typography } from '@mui/material';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { flushSync } from 'react-dom';
import { consoleHttp } from '../../../providers/http';
import { bodyExtensions, type FigureAttributes, isAllowedLink } from './extensions';
import { ImageDialog } from './ImageDialog';
import { cleanPastedHtml } from './pasteCleaner';
import { countWords } from './text';

interface Command {
  label: string;
  /** As `aria-keyshortcuts` writes it; also shown in the button's tooltip. */
  shortcut?: string;
  run: () => void;
  active?: () => boolean;
  enabled?: () => boolean;
}

const SHORTCUT_NAMES: Record<string, string> = { Control: 'Ctrl', Shift: 'Shift', Alt: 'Alt' };
const shortcutText = (shortcut: string) =>
  shortcut
    .split('+')
    .map((key) => SHORTCUT_NAMES[key] ?? key)
    .join('+');

const LINK_PROMPT = '链接地址（http://、https:// 或 / 开头；留空则取消链接）';
const LINK_REFUSED = '链接地址应以 http://、https:// 或 / 开头';

/** An empty body is saved as '' (one empty paragraph is what an untouched editor holds). */
const bodyOf = (editor: Editor) => {
  const { doc } = editor.state;
  const blank = doc.childCount === 1 && doc.firstChild?.type.name === 'paragraph' && doc.firstChild.content.size === 0;
  return blank ? '' : editor.getHTML();
};

/**
 * The article body's rich-text editor (TipTap on ProseMirror): a toolbar of the formats the server's
 * sanitiser keeps, reachable by keyboard (Alt+F10 from the text, arrow keys along it), tables, images
 * uploaded with alt text and caption, paste cleaning, and a word count.
 */
export const ArticleBodyEditor = ({
  source,
  label,
  http = consoleHttp,
}: {
  source: string;
  label: string;
  http?: HttpClient;
}) => {
  // An emptied body stays '' (react-admin would make it null, which the article call refuses).
  const { field, fieldState } = useInput({ source, defaultValue: '', parse: (value: string) => value });
  const [notice, setNotice] = useState<string>();
  const [imageDialog, setImageDialog] = useState<{ edit?: FigureAttributes } | null>(null);
  const [activeCommand, setActiveCommand] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const onChange = useRef(field.onChange);
  onChange.current = field.onChange;
  const openLink = useRef<() => void>(() => undefined);

  const editor = useEditor({
    extensions: bodyExtensions(),
    content: (field.value as string) || '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, spellcheck: 'false' },
      transformPastedHTML: (html) => {
        const cleaned = cleanPastedHtml(html);
        setNotice(
          cleaned.droppedImages > 0
            ? `粘贴内容中的 ${cleaned.droppedImages} 张图片未保留，请用“插入图片”上传并填写替代文字`
            : undefined,
        );
        return cleaned.html;
      },
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          toolbar.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => onChange.current(bodyOf(changed)),
  });

  openLink.current = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const answer = window.prompt(LINK_PROMPT, previous);
    if (answer === null) return;
    const address = answer.trim();
    if (address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setNotice(undefined);
      return;
    }
    if (!isAllowedLink(address)) {
      setNotice(LINK_REFUSED);
      return;
    }
    setNotice(undefined);
    if (editor.state.selection.empty && !editor.isActive('link')) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    }
  };

  const chain = () => editor.chain().focus();
  const inTable = () => editor.isActive('table');
  const figureSelected = () => editor.isActive('figure');
  const groups: Command[][] = [
    [
      { label: '撤销', shortcut: 'Control+Z', run: () => chain().undo().run(), enabled: () => editor.can().undo() },
      {
        label: '重做',
        shortcut: 'Control+Shift+Z',
        run: () => chain().redo().run(),
        enabled: () => editor.can().redo(),
      },
    ],
    [
      ...([2, 3, 4] as const).map((level) => ({
        label: `${['', '', '二', '三', '四'][level]}级标题`,
        shortcut: `Control+Alt+${level}`,
        run: () => chain().toggleHeading({ level }).run(),
        active: () => editor.isActive('heading', { level }),
      })),
      {
        label: '正文',
        shortcut: 'Control+Alt+0',
        run: () => chain().setParagraph().run(),
        active: () => editor.isActive('paragraph'),
      },
    ],
    [
      {
        label: '加粗',
        shortcut: 'Control+B',
        run: () => chain().toggleBold().run(),
        active: () => editor.isActive('bold'),
      },
      {
        label: '斜体',
        shortcut: 'Control+I',
        run: () => chain().toggleItalic().run(),
        active: () => editor.isActive('italic'),
      },
      {
        label: '下划线',
        shortcut: 'Control+U',
        run: () => chain().toggleUnderline().run(),
        active: () => editor.isActive('underline'),
      },
      { label: '链接', shortcut: 'Control+K', run: () => openLink.current(), active: () => editor.isActive('link') },
    ],
    [
      {
        label: '项目列表',
        shortcut: 'Control+Shift+8',
        run: () => chain().toggleBulletList().run(),
        active: () => editor.isActive('bulletList'),
      },
      {
        label: '编号列表',
        shortcut: 'Control+Shift+7',
        run: () => chain().toggleOrderedList().run(),
        active: () => editor.isActive('orderedList'),
      },
      {
        label: '引用',
        shortcut: 'Control+Shift+B',
        run: () => chain().toggleBlockquote().run(),
        active: () => editor.isActive('blockquote'),
      },
    ],
    [
      { label: '插入图片', run: () => setImageDialog({}) },
      {
        label: '图片说明',
        run: () => setImageDialog({ edit: editor.getAttributes('figure') as FigureAttributes }),
        enabled: figureSelected,
      },
    ],
    [
      {
        label: '插入表格',
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        enabled: () => !inTable(),
      },
      { label: '加行', run: () => chain().addRowAfter().run(), enabled: inTable },
      { label: '删行', run: () => chain().deleteRow().run(), enabled: inTable },
      { label: '加列', run: () => chain().addColumnAfter().run(), enabled: inTable },
      { label: '删列', run: () => chain().deleteColumn().run(), enabled: inTable },
      { label: '删除表格', run: () => chain().deleteTable().run(), enabled: inTable },
    ],
  ];
  const commands = groups.flat();
  const enabled = commands.map((command) => command.enabled?.() ?? true);
  // One button of the toolbar is in the tab order (the last one used, or the first that can be used); the
  // arrow keys move along the others.
  const tabStop = enabled[activeCommand] ? activeCommand : enabled.indexOf(true);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const order = commands.map((_, index) => index).filter((index) => enabled[index]);
    const current = order.indexOf(Number((event.target as HTMLElement).dataset.index));
    if (current === -1) return;
    const next = {
      ArrowRight: order[(current + 1) % order.length],
      ArrowLeft: order[(current - 1 + order.length) % order.length],
      Home: order[0],
      End: order[order.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActiveCommand(next);
    toolbar.current?.querySelector<HTMLButtonElement>(`button[data-index="${next}"]`)?.focus();
  };

  // A caption is visible text; an image's alt text is not.
  const visibleText = editor.state.doc.textBetween(0, editor.state.doc.content.size, '\n', (leaf) =>
    leaf.type.name === 'figure' ? `\n${(leaf.attrs as FigureAttributes).caption}\n` : '\n',
  );
  const words = countWords(visibleText);
  let index = -1;

  return (
    <Box sx={{ my: 2, width: '100%' }}>
      <InputLabel shrink>{label}</InputLabel>
      <Box
        ref={toolbar}
        role="toolbar"
        aria-label="正文格式"
        aria-controls={`${source}-editor`}
        onKeyDown={moveFocus}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
      >
        {groups.map((group, groupIndex) => (
          <Box key={group[0]?.label} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            {groupIndex > 0 ? <Divider orientation="vertical" flexItem /> : null}
            {group.map((command) => {
              index += 1;
              const position = index;
              const pressed = command.active?.();
              return (
                <Button
                  key={command.label}
                  size="small"
                  variant={pressed ? 'contained' : 'outlined'}
                  data-index={position}
                  tabIndex={position === tabStop ? 0 : -1}
                  aria-label={command.label}
                  aria-keyshortcuts={command.shortcut}
                  aria-pressed={command.active ? Boolean(pressed) : undefined}
                  title={command.shortcut ? `${command.label}（${shortcutText(command.shortcut)}）` : command.label}
                  disabled={!enabled[position]}
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setActiveCommand(position)}
                  onClick={command.run}
                  sx={{ minWidth: 0, px: 1 }}
                >
                  {command.label}
                </Button>
              );
            })}
          </Box>
        ))}
      </Box>
      <Box
        id={`${source}-editor`}
        sx={{
          mt: 1,
          border: '1px solid',
          borderColor: fieldState.error ? 'error.main' : 'grey.400',
          borderRadius: 1,
          '& .tiptap': { minHeight: 240, p: 1.5, outline: 'none' },
          '& .tiptap:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& figure': { m: '8px 0' },
          '& figure.ProseMirror-selectednode': { outline: '2px solid', outlineColor: 'primary.main' },
          '& figcaption': { color: 'text.secondary', fontSize: 14, textAlign: 'center' },
          '& table': { borderCollapse: 'collapse', width: '100%' },
          '& td, & th': { border: '1px solid', borderColor: 'grey.400', p: 0.5, verticalAlign: 'top' },
          '& .selectedCell': { bgcolor: 'action.selected' },
          '& blockquote': { borderLeft: '3px solid', borderColor: 'grey.400', pl: 1.5, ml: 0, color: 'text.secondary' },
        }}
        onBlur={field.onBlur}
      >
        <EditorContent editor={editor} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          {notice ? (
            <FormHelperText role="alert" error={notice === LINK_REFUSED}>
              {notice}
            </FormHelperText>
          ) : null}
          {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
        </Box>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          字数：{words}
        </Typography>
      </Box>
      {imageDialog ? (
        <ImageDialog
          http={http}
          edit={imageDialog.edit}
          onClose={() => setImageDialog(null)}
          onDone={(attributes) => {
            // The dialog goes first, at once: closing it gives the focus back to the editor, and only then does the
            // editor change. Left to React's next render, the focus came back after the change, and the editor
            // could read the browser's selection from before the dialog (the old cursor) over the one it had just
            // set under the new image.
            flushSync(() => setImageDialog(null));
            if (imageDialog.edit) chain().updateAttributes('figure', attributes).run();
            // The writing goes on in a paragraph under the new image, not on the image (typing would replace it).
            else
              chain()
                .insertContent([{ type: 'figure', attrs: attributes }, { type: 'paragraph' }])
                .run();
          }}
        />
      ) : null}
    </Box>
  );
};

export default ArticleBodyEditor;
