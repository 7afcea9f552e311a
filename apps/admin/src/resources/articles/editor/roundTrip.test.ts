import { sanitizeArticleHtml } from '@lianmeng/core/articleHtml';
import { Editor, type JSONContent } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyExtensions } from './extensions';

/**
 * The editor's output against the article HTML rule the server applies, run here (not in core's suite) because the
 * editor serialises through a browser DOM, which jsdom provides: what is checked is exactly what the console
 * sends.
 */

const text = (value: string, ...marks: JSONContent['marks'] & object): JSONContent => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const cell = (type: 'tableCell' | 'tableHeader', value: string, attrs = {}): JSONContent => ({
  type,
  attrs,
  content: [paragraph(text(value))],
});

/** A document with every node and mark the editor can make, with text that needs escaping. */
const EVERYTHING: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('联盟年会 <2026> & "机器人"')] },
    { type: 'heading', attrs: { level: 3 }, content: [text('三级标题')] },
    { type: 'heading', attrs: { level: 4 }, content: [text('四级标题')] },
    paragraph(
      text('加粗', { type: 'bold' }),
      text('斜体', { type: 'italic' }),
      text('下划线', { type: 'underline' }),
      text('全部', { type: 'bold' }, { type: 'italic' }, { type: 'underline' }),
      { type: 'hardBreak' },
      text('外部链接', { type: 'link', attrs: { href: 'https://www.example.edu.cn/a?b=1&c=2' } }),
      text('站内链接', { type: 'link', attrs: { href: '/news/12' } }),
      text('删除线', { type: 'strike' }),
      text('x < y', { type: 'code' }),
    ),
    { type: 'horizontalRule' },
    { type: 'codeBlock', content: [text('if (a && b) {\n  go();\n}')] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('项目一'))] }] },
    {
      type: 'orderedList',
      content: [
        {
          type: 'listItem',
          content: [
            paragraph(text('第一')),
            { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('嵌套'))] }] },
          ],
        },
        { type: 'listItem', content: [paragraph(text('第二'))] },
      ],
    },
    { type: 'blockquote', content: [paragraph(text('引用的话'))] },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', '队伍'), cell('tableHeader', '成绩')] },
        { type: 'tableRow', content: [cell('tableCell', '合并两列', { colspan: 2 })] },
        { type: 'tableRow', content: [cell('tableCell', '北京队', { rowspan: 1 }), cell('tableCell', '98')] },
      ],
    },
    {
      type: 'figure',
      attrs: { src: '/uploads/abc.png', alt: '比赛现场 "决赛"', caption: '决赛现场 & 颁奖', width: 800, height: 600 },
    },
    { type: 'figure', attrs: { src: 'https://img.example.cn/a.jpg', alt: '没有说明的图' } },
    paragraph(),
  ],
};

const editors: Editor[] = [];
const editorWith = (content: JSONContent | string) => {
  const editor = new Editor({ extensions: bodyExtensions(), content });
  editors.push(editor);
  return editor;
};
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** The HTML as a browser reads it: `<br />` and `<br>` are the same element. */
const asParsed = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
};

describe('the editor and the server sanitiser', () => {
  it('uses every node and mark of the schema in the sample, so a new one must be added here', () => {
    const editor = editorWith(EVERYTHING);
    const nodes = new Set<string>(['doc', 'text']);
    const marks = new Set<string>();
    editor.state.doc.descendants((node) => {
      nodes.add(node.type.name);
      for (const mark of node.marks) marks.add(mark.type.name);
    });
    expect([...nodes].sort()).toEqual(Object.keys(editor.schema.nodes).sort());
    expect([...marks].sort()).toEqual(Object.keys(editor.schema.marks).sort());
  });

  it('gets back from the sanitiser exactly what the editor produced', () => {
    const html = editorWith(EVERYTHING).getHTML();
    expect(html).toContain(
      '<figure><img src="/uploads/abc.png" alt="比赛现场 &quot;决赛&quot;" width="800" height="600"><figcaption>',
    );
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="/news/12">');
    expect(html).toContain('<td colspan="2"><p>合并两列</p></td>');
    const sanitised = sanitizeArticleHtml(html);
    expect(asParsed(sanitised)).toBe(asParsed(html));
    // Loaded again (editing a saved article), the sanitised body is the same document.
    expect(editorWith(sanitised).getHTML()).toBe(html);
  });

  it('reads only what it can write back: styles, classes, handlers and other addresses stay out', () => {
    const html = editorWith(
      '<h1 class="x" style="color:red">大标题</h1><p onclick="x()"><a href="javascript:alert(1)">坏链接</a><a href="https://a.cn" class="c" title="t">好链接</a></p><ol start="3" type="a"><li>三</li></ol><table style="width:100%"><colgroup><col style="width:80px"></colgroup><tr><td style="text-align:center" width="80">格</td></tr></table><img src="data:image/png;base64,AAAA" alt="内嵌"><img src="/uploads/x.png">',
    ).getHTML();
    expect(html).not.toMatch(/style=|class=|onclick|javascript:|data:|title=|start=|type=|colgroup|width=/);
    expect(sanitizeArticleHtml(html)).toBe(sanitizeArticleHtml(sanitizeArticleHtml(html)));
    expect(asParsed(sanitizeArticleHtml(html))).toBe(asParsed(html));
  });
});
