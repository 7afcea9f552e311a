import { api } from '@lianmeng/core';
import { mockCall } from '@lianmeng/core/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { setupServer } from 'msw/node';
import { AdminContext, Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ArticleBodyEditor } from './ArticleBodyEditor';
import { stubLayoutForEditor } from './jsdomLayout';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  stubLayoutForEditor();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

let submitted: string | undefined;
const BodyValue = () => {
  submitted = useWatch({ name: 'body' }) as string;
  return null;
};

/** The editor inside a react-admin form, as the article form holds it; `body()` is the form's value. */
const renderEditor = async (body = '') => {
  submitted = undefined;
  render(
    <AdminContext>
      <Form defaultValues={{ body }}>
        <ArticleBodyEditor source="body" label="正文" />
        <BodyValue />
      </Form>
    </AdminContext>,
  );
  const area = await screen.findByRole('textbox', { name: '正文' });
  const editor = (area as HTMLElement & { editor: Editor }).editor;
  return { area, editor, body: () => submitted };
};

/** Puts `text` in the editor as one paragraph and selects it, as an editor would with the mouse. */
const writeAndSelect = (editor: Editor, html: string) =>
  act(() => {
    editor.commands.setContent(html, { emitUpdate: true });
    editor.commands.selectAll();
  });

const button = (name: string) => screen.getByRole('button', { name });

describe('the article body editor', () => {
  it('takes typed text into the form value', async () => {
    const user = userEvent.setup();
    const { area, body } = await renderEditor();
    await user.click(area);
    await user.type(area, '来自全国的代表参加了大会');
    await waitFor(() => expect(body()).toBe('<p>来自全国的代表参加了大会</p>'));
  });

  it('formats from the toolbar: headings, marks, lists and quote', async () => {
    const user = userEvent.setup();
    const { editor, body } = await renderEditor();
    writeAndSelect(editor, '<p>大会报道</p>');
    await user.click(button('二级标题'));
    expect(body()).toBe('<h2>大会报道</h2>');
    expect(button('二级标题')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('四级标题'));
    expect(body()).toBe('<h4>大会报道</h4>');
    await user.click(button('正文'));
    await user.click(button('加粗'));
    await user.click(button('斜体'));
    await user.click(button('下划线'));
    expect(body()).toBe('<p><strong><em><u>大会报道</u></em></strong></p>');
    await user.click(button('项目列表'));
    expect(body()).toBe('<ul><li><p><strong><em><u>大会报道</u></em></strong></p></li></ul>');
    await user.click(button('编号列表'));
    expect(body()).toBe('<ol><li><p><strong><em><u>大会报道</u></em></strong></p></li></ol>');
    writeAndSelect(editor, '<p>名言</p>');
    // Steps closer together than half a second are one undo step; the quote is made its own.
    act(() => {
      editor.view.dispatch(closeHistory(editor.state.tr));
    });
    await user.click(button('引用'));
    expect(body()).toBe('<blockquote><p>名言</p></blockquote>');
    await user.click(button('撤销'));
    expect(body()).toBe('<p>名言</p>');
    await user.click(button('重做'));
    expect(body()).toBe('<blockquote><p>名言</p></blockquote>');
  });

  it('inserts a table and adds and removes rows and columns', async () => {
    const user = userEvent.setup();
    const { editor, body } = await renderEditor();
    expect(button('加行')).toBeDisabled();
    await user.click(button('插入表格'));
    const rows = () => (body()?.match(/<tr>/g) ?? []).length;
    const cells = () => (body()?.match(/<t[dh]>/g) ?? []).length;
    expect(body()).toMatch(/^<table><tbody><tr><th><p><\/p><\/th>/);
    expect([rows(), cells()]).toEqual([3, 9]);
    act(() => {
      editor.commands.insertContent('队伍');
    });
    await user.click(button('加行'));
    expect([rows(), cells()]).toEqual([4, 12]);
    await user.click(button('加列'));
    expect([rows(), cells()]).toEqual([4, 16]);
    expect(body()).toContain('<th><p>队伍</p></th>');
    // Rows and columns go where the cursor is: the header cell that was typed in.
    await user.click(button('删列'));
    await user.click(button('删行'));
    expect([rows(), cells()]).toEqual([3, 9]);
    expect(body()).not.toContain('队伍');
    await user.click(button('删除表格'));
    expect(body()).not.toContain('<table>');
  });

  it('links a selection to an http(s) or site address, opening safely, and refuses any other address', async () => {
    const user = userEvent.setup();
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('https://www.example.edu.cn/news');
    const { editor, body } = await renderEditor();
    writeAndSelect(editor, '<p>大会报道</p>');
    await user.click(button('链接'));
    expect(body()).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://www.example.edu.cn/news">大会报道</a></p>',
    );

    prompt.mockReturnValue('javascript:alert(1)');
    writeAndSelect(editor, '<p>坏链接</p>');
    await user.click(button('链接'));
    expect(await screen.findByRole('alert')).toHaveTextContent('链接地址应以 http://、https:// 或 / 开头');
    expect(body()).toBe('<p>坏链接</p>');

    prompt.mockReturnValue('/news/12');
    await user.keyboard('{Control>}k{/Control}');
    expect(body()).toBe('<p><a target="_blank" rel="noopener noreferrer" href="/news/12">坏链接</a></p>');
    expect(prompt).toHaveBeenCalledTimes(3);
  });

  it('cleans a paste from Word down to structure and says which images it left out', async () => {
    const { area, body } = await renderEditor();
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>
      <!--StartFragment--><h1 class=MsoTitle style='mso-outline-level:1'><span lang=ZH-CN style='font-family:宋体;mso-ascii-font-family:Calibri'>年会通知</span></h1>
      <p class=MsoNormal style='mso-margin-top-alt:auto'><b style='mso-bidi-font-weight:normal'><span style='font-size:14.0pt;mso-fareast-font-family:宋体'>各会员学校：</span></b><o:p>&nbsp;</o:p></p>
      <p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;</span></span><![endif]><span style="font-weight:bold" data-mce="1">报名</span>截止<font color=red>十月</font></p>
      <table class=MsoTableGrid border=1 style='border-collapse:collapse'><tr><td width=200 valign=top style='width:150pt'><p class=MsoNormal>组别</p></td><td colspan=2 style='mso-border-alt:solid'><p class=MsoNormal><a href="https://www.example.edu.cn/" class=MsoHyperlink style='color:blue'>报名网站</a></p></td></tr></table>
      <p><img width=300 height=200 src="file:///C:/Users/a/image001.png" v:shapes="_x0000_i1025"></p><!--EndFragment--></body></html>`;
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, {
      clipboardData: {
        types: ['text/html', 'text/plain'],
        getData: (type: string) => ({ 'text/html': word, 'text/plain': '年会通知' })[type] ?? '',
      },
    });
    fireEvent(area, paste);
    await waitFor(() => expect(body()).toContain('年会通知'));
    expect(body()).toBe(
      '<h2>年会通知</h2><p><strong>各会员学校：</strong></p><p><strong>报名</strong>截止十月</p>' +
        '<table><tbody><tr><td><p>组别</p></td><td colspan="2"><p><a target="_blank" rel="noopener noreferrer" href="https://www.example.edu.cn/">报名网站</a></p></td></tr></tbody></table><p></p>',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('粘贴内容中的 1 张图片未保留');
  });

  it('uploads an image through the upload call and inserts it with its alt text, caption and size', async () => {
    const user = userEvent.setup();
    const uploaded: string[] = [];
    server.use(
      mockCall(api.img.upload, async ({ request }) => {
        uploaded.push((await request.formData()).has('file') ? 'file' : 'none');
        return {
          photoAddress: '/uploads/final.png',
          smallPhotoAddress: '/uploads/final-s.png',
          width: 1200,
          height: 800,
        };
      }),
    );
    const { editor, body } = await renderEditor('<p>前文</p>');
    act(() => {
      editor.commands.focus('end');
    });
    await user.click(button('插入图片'));
    const dialog = await screen.findByRole('dialog', { name: '插入图片' });
    await user.upload(screen.getByLabelText('选择图片'), new File(['png'], 'final.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: '上传并插入' }));
    expect(await screen.findByText('请填写替代文字')).toBeInTheDocument();
    expect(uploaded).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /替代文字/ }), '决赛现场');
    await user.type(screen.getByRole('textbox', { name: /图片说明/ }), '2026 年总决赛');
    await user.click(screen.getByRole('button', { name: '上传并插入' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(uploaded).toEqual(['file']);
    expect(body()).toBe(
      '<p>前文</p><figure><img src="/uploads/final.png" alt="决赛现场" width="1200" height="800"><figcaption>2026 年总决赛</figcaption></figure><p></p>',
    );
    // The cursor waits in an empty paragraph under the image, so typing goes on below it. The editor takes the
    // focus back a frame after the dialog has gone, and jsdom's document selection, which ProseMirror reads back
    // on focus, can still point at the old cursor for a moment on a loaded machine: the cursor is read once the
    // editor has the focus and the selection has settled.
    await waitFor(() => {
      expect(editor.view.hasFocus()).toBe(true);
      const cursorIn = editor.state.selection.$from.parent;
      expect({ type: cursorIn.type.name, size: cursorIn.content.size }).toEqual({ type: 'paragraph', size: 0 });
    });
    // An editor clicks the image to select it.
    expect(button('图片说明')).toBeDisabled();
    act(() => {
      editor.state.doc.descendants((node, position) => {
        if (node.type.name === 'figure') editor.commands.setNodeSelection(position);
      });
    });
    await user.click(button('图片说明'));
    const caption = await screen.findByRole('textbox', { name: /图片说明/ });
    await user.clear(caption);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(body()).toContain(
        '<figure><img src="/uploads/final.png" alt="决赛现场" width="1200" height="800"></figure>',
      ),
    );
    expect(uploaded).toHaveLength(1);
  });

  it('shows the upload refusal and inserts nothing', async () => {
    const user = userEvent.setup();
    server.use(
      mockCall(api.img.upload, () =>
        Response.json({ status: 400, message: '图片格式不受支持', data: null }, { status: 400 }),
      ),
    );
    const { body } = await renderEditor('<p>前文</p>');
    await user.click(button('插入图片'));
    await user.upload(await screen.findByLabelText('选择图片'), new File(['x'], 'x.png', { type: 'image/png' }));
    await user.type(screen.getByRole('textbox', { name: /替代文字/ }), '图');
    await user.click(screen.getByRole('button', { name: '上传并插入' }));
    expect(await screen.findByText('图片格式不受支持')).toBeInTheDocument();
    expect(body()).toBe('<p>前文</p>');
  });

  it('counts the words of the visible text: each Chinese character, each English word or number', async () => {
    const { editor } = await renderEditor('<h2>联盟年会</h2><p>Robot Cup 2026 在北京，举行！</p>');
    expect(screen.getByText('字数：12')).toBeInTheDocument();
    act(() => {
      editor.commands.setContent(
        '<p>一二三</p><table><tbody><tr><td><p>四</p></td></tr></tbody></table><figure><img src="/uploads/a.png" alt="不算的替代文字"><figcaption>五六 seven</figcaption></figure>',
      );
    });
    expect(screen.getByText('字数：7')).toBeInTheDocument();
  });

  it('reaches the toolbar from the text with Alt+F10 and moves along it with the arrow keys', async () => {
    const user = userEvent.setup();
    const { area } = await renderEditor('<p>正文</p>');
    await user.click(area);
    await user.keyboard('{Alt>}{F10}{/Alt}');
    // Undo and redo cannot be used yet: the first button that can is the tab stop.
    expect(button('二级标题')).toHaveFocus();
    expect(button('二级标题')).toHaveAttribute('tabindex', '0');
    expect(button('加粗')).toHaveAttribute('tabindex', '-1');
    expect(button('加粗')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    await user.keyboard('{ArrowRight}');
    expect(button('三级标题')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(button('插入表格')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(button('二级标题')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(area.innerHTML).toContain('<h2>正文</h2>');
  });
});
