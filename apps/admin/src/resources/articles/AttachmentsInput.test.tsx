import { api, COLUMNS, type ConsoleArticle, DOCUMENT_UPLOAD_LIMITS } from '@lianmeng/core';
import { failure, mockCall, mockList } from '@lianmeng/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillArticleRequired, save } from '../../testing/form';
import { formatSize } from './AttachmentsInput';

const server = consoleServerForFile();

const created: Partial<ConsoleArticle>[] = [];
const uploads: string[] = [];
const previews: unknown[] = [];

const openEditor = () => {
  created.length = 0;
  uploads.length = 0;
  previews.length = 0;
  let next = 0;
  return openConsoleAs(
    server,
    'editor',
    '/articles/create',
    // jsdom's form data loses a file's name on the way to the mock: the mock answers the files in order.
    mockCall(api.img.uploadDocument, async ({ request }) => {
      const file = (await request.formData()).get('file') as File;
      const sent = SENT[next];
      next += 1;
      uploads.push(String(file.size));
      return { name: sent?.name ?? '', url: `/uploads/${String(next).repeat(32)}.pdf`, size: sent?.size ?? 0 };
    }),
    mockCall(api.consoleApi.articleCreate, async ({ request }) => {
      const body = (await request.json()) as Partial<ConsoleArticle>;
      created.push(body);
      return {
        typeId: 1,
        title: '',
        body: '',
        publishTime: '2026-11-01T08:00:00.000Z',
        summary: '',
        source: '',
        author: '',
        coverImage: '',
        attachments: [],
        published: false,
        ...body,
        id: 41,
        createTime: '2026-11-01T08:00:00.000Z',
        updateTime: '2026-11-01T08:00:00.000Z',
      };
    }),
    mockCall(api.consoleApi.articlePreview, async ({ request }) => {
      const body = (await request.json()) as { title: string };
      previews.push(body);
      return { html: `<!doctype html><h1 id="article-title">${body.title}</h1>` };
    }),
    mockList(api.consoleApi.articleList, () => ({ rows: [] })),
  );
};

const SENT = [
  { name: '2026年赛事通知.pdf', size: 3000 },
  { name: '报名表.pdf', size: 2_500_000 },
  { name: '多余.pdf', size: 10 },
];

const pdf = (name: string, bytes = 3000) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

const fillRequired = (user: ReturnType<typeof userEvent.setup>) => fillArticleRequired(user, '2026年赛事通知');

describe('the article form’s attachments', () => {
  it('uploads documents, lists them with name and size, reorders and removes, and saves {name, url, size}', async () => {
    const user = userEvent.setup();
    openEditor();
    await fillRequired(user);
    const input = screen.getByLabelText(/上传附件/);
    await user.upload(input, pdf('2026年赛事通知.pdf', 3000));
    await user.upload(input, pdf('报名表.pdf', 2_500_000));
    await user.upload(input, pdf('多余.pdf', 10));
    const list = await screen.findByRole('list', { name: '附件列表' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(uploads).toHaveLength(3);
    expect(within(list).getByText('3 KB')).toBeInTheDocument();
    expect(within(list).getByText('2.4 MB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '删除 多余.pdf' }));
    await user.click(screen.getByRole('button', { name: '上移 报名表.pdf' }));
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['报名表.pdf', '2026年赛事通知.pdf']);

    await save(user);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.attachments).toEqual([
      { name: '报名表.pdf', url: `/uploads/${'2'.repeat(32)}.pdf`, size: 2_500_000 },
      { name: '2026年赛事通知.pdf', url: `/uploads/${'1'.repeat(32)}.pdf`, size: 3000 },
    ]);
  });

  it('shows the server’s refusal and lists nothing', async () => {
    const user = userEvent.setup();
    openEditor();
    server.use(mockCall(api.img.uploadDocument, () => failure(400, '文件扩展名与文件内容不符')));
    await user.upload(await screen.findByLabelText(/上传附件/), pdf('假的.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('文件扩展名与文件内容不符');
    expect(screen.getByText('暂无附件')).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it', async () => {
    const user = userEvent.setup();
    openEditor();
    const huge = pdf('大文件.pdf', 1);
    Object.defineProperty(huge, 'size', { value: DOCUMENT_UPLOAD_LIMITS.maxBytes + 1 });
    await user.upload(await screen.findByLabelText(/上传附件/), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('附件不能超过 20 MB');
    expect(uploads).toEqual([]);
  });

  it('formats sizes for reading', () => {
    expect([formatSize(300), formatSize(12_345), formatSize(1_572_864), formatSize(undefined)]).toEqual([
      '300 B',
      '12 KB',
      '1.5 MB',
      '',
    ]);
  });
});

describe('the article preview', () => {
  it('sends the unsaved form and shows the server-rendered page in a sandboxed frame', async () => {
    const user = userEvent.setup();
    openEditor();
    await fillRequired(user);
    await user.upload(screen.getByLabelText(/上传附件/), pdf('2026年赛事通知.pdf'));
    await screen.findByRole('list', { name: '附件列表' });
    await user.click(screen.getByRole('button', { name: '预览' }));
    const frame = await screen.findByTitle('文章预览');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1 id="article-title">2026年赛事通知</h1>');
    expect(previews[0]).toMatchObject({
      typeId: COLUMNS[0]?.typeId,
      title: '2026年赛事通知',
      attachments: [{ name: '2026年赛事通知.pdf', url: `/uploads/${'1'.repeat(32)}.pdf`, size: 3000 }],
    });
    expect(created).toEqual([]);
  });

  it('asks for the column and title before sending anything', async () => {
    const user = userEvent.setup();
    openEditor();
    await user.click(await screen.findByRole('button', { name: '预览' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请先选择栏目并填写标题，再预览');
    expect(previews).toEqual([]);
  });

  it('shows the server’s message when the preview is refused', async () => {
    const user = userEvent.setup();
    openEditor();
    await fillRequired(user);
    server.use(mockCall(api.consoleApi.articlePreview, () => failure(503, '门户页面尚未构建，暂时无法预览')));
    await user.click(screen.getByRole('button', { name: '预览' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('门户页面尚未构建，暂时无法预览');
  });
});
