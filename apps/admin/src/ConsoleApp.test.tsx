import { api, type ConsoleUser, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';
import { failure, imageFixture, mockCall } from '@lianmeng/core/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { fillIn, save } from './testing/form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const users: Record<'editor' | 'staff', ConsoleUser> = {
  editor: { id: 2, username: 'editor', displayName: '联盟编辑', role: 'editor' },
  staff: { id: 3, username: 'staff', displayName: '内容运营', role: 'staff' },
};

let partners: ImageMessage[];
beforeEach(() => {
  partners = [
    imageFixture({ id: 11, photoTitle: '清华大学', isOpen: 1 }),
    imageFixture({ id: 12, photoTitle: '北京大学', isOpen: 0 }),
  ];
});

/** The image calls over an in-memory list, as the server would answer them. */
const imageHandlers = () => [
  mockCall(api.img.search, async ({ request }) => {
    const body = (await request.json()) as { belongSortid: number; isOpen?: number };
    const list = body.belongSortid === IMAGE_SORT.partner ? partners : [];
    const shown = list.filter((image) => body.isOpen === undefined || image.isOpen === body.isOpen);
    return { seachList: shown, total: shown.length, pageNum: 1, pageSize: 25 };
  }),
  mockCall(api.img.sortClear, () => {
    const removed = partners.length;
    partners = [];
    return { belongSortid: 3, removed };
  }),
];

const openAs = (role: 'editor' | 'staff', path: string) => {
  server.use(
    mockCall(api.consoleAuth.me, () => users[role]),
    ...imageHandlers(),
  );
  window.history.pushState({}, '', `/admin${path}`);
  return render(<ConsoleApp />);
};

describe('the partner list', () => {
  it('shows staff the list with switches but no create, delete or clear buttons', async () => {
    openAs('staff', '/partners');
    expect(await screen.findByText('清华大学')).toBeInTheDocument();
    expect(screen.getAllByRole('switch', { name: /点击/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /新建/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /清空该分类/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /新建/ })).not.toBeInTheDocument();
    // The first checkbox selects every row; the next ones select one row each.
    await userEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    expect(await screen.findByRole('button', { name: '批量关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('rolls a refused switch back and says why in Chinese', async () => {
    server.use(mockCall(api.img.update, () => failure(403, '您的角色没有权限执行此操作')));
    openAs('staff', '/partners');
    const open = await screen.findByRole('switch', { name: /清华大学 已开放/ });
    expect(open).toBeChecked();
    await userEvent.click(open);
    expect(await screen.findByText(/您的角色没有权限执行此操作（已恢复原状态）/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /清华大学 已开放/ })).toBeChecked());
  });

  it('keeps a switch that the server accepted, sending only id and isOpen for staff', async () => {
    const sent: unknown[] = [];
    server.use(
      mockCall(api.img.update, async ({ request }) => {
        const body = (await request.json()) as { id: number; isOpen: 0 | 1 };
        sent.push(body);
        const image = partners.find((item) => item.id === body.id) as ImageMessage;
        image.isOpen = body.isOpen;
        return image;
      }),
    );
    openAs('staff', '/partners');
    await userEvent.click(await screen.findByRole('switch', { name: /北京大学 已关闭/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 12, isOpen: 1 }]));
    expect(await screen.findByRole('switch', { name: /北京大学 已开放/ })).toBeChecked();
  });

  it('asks an editor before clearing the sort, naming how many go, then empties the list', async () => {
    openAs('editor', '/partners');
    await screen.findByText('清华大学');
    await userEvent.click(screen.getByRole('button', { name: /清空该分类/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将删除「合作伙伴」分类的全部 2 条');
    expect(partners).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: /清空/ }));
    await waitFor(() => expect(screen.queryByText('清华大学')).not.toBeInTheDocument());
    expect(partners).toEqual([]);
  });
});

describe('deleting from the edit page', () => {
  it('is undoable: nothing is sent until the undo notice has gone', async () => {
    let deleted = false;
    server.use(
      mockCall(api.img.searchOne, () => partners[0] as ImageMessage),
      mockCall(api.img.delete, () => {
        deleted = true;
        return { id: 11 };
      }),
    );
    openAs('editor', '/partners/11');
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByRole('button', { name: '撤销' })).toBeInTheDocument();
    expect(deleted).toBe(false);
  });
});

describe('the banner form', () => {
  it('shows the recommended size, and the server’s message when the upload is refused', async () => {
    server.use(mockCall(api.img.upload, () => failure(400, '只能上传 PNG、JPEG、WebP 或 GIF 图片')));
    openAs('editor', '/banners/create');
    expect(await screen.findByText(/推荐尺寸：1000×405/)).toBeInTheDocument();
    const input = screen.getByLabelText(/选择图片上传/);
    await userEvent.upload(input, new File(['not an image'], 'notes.txt', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('只能上传 PNG、JPEG、WebP 或 GIF 图片');
    expect(screen.getByLabelText(/图片地址/)).toHaveValue('');
  });

  it('fills both addresses and shows a preview after an upload', async () => {
    server.use(
      mockCall(api.img.upload, () => ({
        photoAddress: '/uploads/abc.webp',
        smallPhotoAddress: '/uploads/abc-small.webp',
        width: 1000,
        height: 405,
      })),
    );
    openAs('editor', '/banners/create');
    const input = await screen.findByLabelText(/选择图片上传/);
    await userEvent.upload(input, new File(['png'], 'banner.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByLabelText(/图片地址/)).toHaveValue('/uploads/abc.webp'));
    expect(screen.getByLabelText('小图地址')).toHaveValue('/uploads/abc-small.webp');
    expect(screen.getByRole('img', { name: '图片预览' })).toHaveAttribute('src', '/uploads/abc.webp');
  });

  it('refuses a link that is not http(s) before sending', async () => {
    let inserted = false;
    server.use(
      mockCall(api.img.insert, () => {
        inserted = true;
        return imageFixture();
      }),
    );
    openAs('editor', '/banners/create');
    const user = userEvent.setup();
    await fillIn(user, /标题/, '年度大会');
    await fillIn(user, /图片地址/, 'https://example.org/a.png');
    await fillIn(user, '链接地址', 'javascript:alert(1)');
    await save(user);
    expect(await screen.findByText('应为 http(s) 开头的网址')).toBeInTheDocument();
    expect(inserted).toBe(false);
  });
});
