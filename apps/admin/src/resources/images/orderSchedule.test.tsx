import { api, IMAGE_SORT, type ImageMessage } from '@lianmeng/core';
import { failure, imageFixture, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleServerForFile, openConsoleAs } from '../../testing/consoleScreen';
import { fillIn, save } from '../../testing/form';

const server = consoleServerForFile();

const HOUR = 3600_000;
let partners: ImageMessage[];
let reorders: number[][];

beforeEach(() => {
  const now = Date.now();
  partners = [
    imageFixture({ id: 21, photoTitle: '教育部', showFrom: new Date(now + HOUR).toISOString() }),
    imageFixture({ id: 22, photoTitle: '体育总局' }),
    imageFixture({ id: 23, photoTitle: '科技馆', showUntil: new Date(now - HOUR).toISOString() }),
  ];
  reorders = [];
});

/** The partner calls over the in-memory list, answering in list order as the server answers in display order. */
const partnerHandlers = (refuseReorder = false) => [
  mockCall(api.img.search, async ({ request }) => {
    const body = (await request.json()) as { belongSortid: number };
    const list = body.belongSortid === IMAGE_SORT.partner ? partners : [];
    return { seachList: list, total: list.length, pageNum: 1, pageSize: 25 };
  }),
  mockCall(api.img.reorder, async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    reorders.push(ids);
    if (refuseReorder) return failure(400, '编号 22 不属于该分类或已被删除');
    partners = ids.map((id) => partners.find((item) => item.id === id) as ImageMessage);
    return { belongSortid: IMAGE_SORT.partner, ids };
  }),
];

// jsdom lays nothing out; the sortable rows get the heights a browser would give them, so the keyboard
// sensor can find the row below.
const ROW_HEIGHT = 60;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const rows = [...document.querySelectorAll('[data-testid="order-row"]')];
    const index = rows.indexOf(this);
    const top = index < 0 ? 0 : index * ROW_HEIGHT;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 800,
      bottom: top + ROW_HEIGHT,
      width: 800,
      height: ROW_HEIGHT,
      toJSON: () => ({}),
    };
  });
});
afterEach(() => vi.restoreAllMocks());

const rowTitles = () =>
  screen.getAllByTestId('order-row').map((row) => within(row).getByText(/教育部|体育总局|科技馆/).textContent);

describe('the showing window in the partner list', () => {
  it('shows 未开始, 展示中 and 已结束 beside the switches', async () => {
    openConsoleAs(server, 'editor', '/partners', ...partnerHandlers());
    const row = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    expect(within(await row('教育部')).getByText('未开始')).toBeInTheDocument();
    expect(within(await row('体育总局')).getByText('展示中')).toBeInTheDocument();
    expect(within(await row('科技馆')).getByText('已结束')).toBeInTheDocument();
  });
});

describe('reordering partners', () => {
  it('moves a row down with the keyboard and saves the new order through imageMsgReorder', async () => {
    openConsoleAs(server, 'editor', '/partners', ...partnerHandlers());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '调整顺序' }));
    const handle = await screen.findByRole('button', { name: /拖动调整「教育部」的顺序/ });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(reorders).toEqual([[22, 21, 23]]));
    expect(await screen.findByText('顺序已保存')).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).toEqual(['体育总局', '教育部', '科技馆']));
  });

  it('puts the rows back with the server’s message when the order is refused', async () => {
    openConsoleAs(server, 'editor', '/partners', ...partnerHandlers(true));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '调整顺序' }));
    const handle = await screen.findByRole('button', { name: /拖动调整「教育部」的顺序/ });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(await screen.findByText(/不属于该分类.*（已恢复原顺序）/)).toBeInTheDocument();
    expect(reorders).toHaveLength(1);
    expect(rowTitles()).toEqual(['教育部', '体育总局', '科技馆']);
  });

  it('is not offered to staff', async () => {
    openConsoleAs(server, 'staff', '/partners', ...partnerHandlers());
    expect(await screen.findByText('体育总局')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '调整顺序' })).not.toBeInTheDocument();
  });
});

describe('the banner form', () => {
  it('plays the banner it holds, and offers no play before there is an image', async () => {
    server.use(mockCall(api.img.search, () => ({ seachList: [], total: 0, pageNum: 1, pageSize: 25 })));
    openConsoleAs(server, 'editor', '/banners/create');
    const user = userEvent.setup();
    await fillIn(user, /标题/, '年度大会');
    const play = screen.getByRole('button', { name: /播放预览/ });
    expect(play).toBeDisabled();
    await fillIn(user, /图片地址/, 'https://example.org/a.png');
    await user.click(play);
    expect(await screen.findByRole('img', { name: '横幅预览：年度大会' })).toBeInTheDocument();
  });

  it('reads the window in Beijing time and sends it with its zone', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      mockCall(api.img.insert, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return imageFixture({ belongSortid: IMAGE_SORT.banner });
      }),
      mockCall(api.img.search, () => ({ seachList: [], total: 0, pageNum: 1, pageSize: 25 })),
    );
    openConsoleAs(server, 'editor', '/banners/create');
    const user = userEvent.setup();
    await fillIn(user, /标题/, '下周一的横幅');
    await fillIn(user, /图片地址/, 'https://example.org/a.png');
    fireEvent.change(screen.getByLabelText(/开始展示/), { target: { value: '2026-11-30T09:00' } });
    fireEvent.change(screen.getByLabelText(/结束展示/), { target: { value: '2026-11-30T08:00' } });
    await save(user);
    expect(await screen.findByText('结束时间应晚于开始时间')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    fireEvent.change(screen.getByLabelText(/结束展示/), { target: { value: '2026-12-07T09:00' } });
    await save(user);
    await waitFor(() =>
      expect(sent).toMatchObject({ showFrom: '2026-11-30T09:00:00+08:00', showUntil: '2026-12-07T09:00:00+08:00' }),
    );
  });
});

describe('bulk open', () => {
  it('sends the selection in one call, and when the server refuses one item shows why and changes no row', async () => {
    const closed = [
      imageFixture({ id: 31, photoTitle: '甲单位', isOpen: 0 }),
      imageFixture({ id: 32, photoTitle: '乙单位', isOpen: 0 }),
    ];
    const sent: unknown[] = [];
    openConsoleAs(
      server,
      'staff',
      '/partners',
      mockCall(api.img.search, () => ({ seachList: closed, total: closed.length, pageNum: 1, pageSize: 25 })),
      mockCall(api.img.openMany, async ({ request }) => {
        sent.push(await request.json());
        return failure(404, '编号 32 的图片信息不存在或已被删除，全部未修改');
      }),
    );
    const user = userEvent.setup();
    await screen.findByText('乙单位');
    // The first checkbox selects every row.
    await user.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: '批量开放' }));
    expect(
      await screen.findByText('批量开放未成功：编号 32 的图片信息不存在或已被删除，全部未修改'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ belongSortid: IMAGE_SORT.partner, ids: [31, 32], isOpen: 1 }]);
    expect(screen.getByRole('switch', { name: /甲单位 已关闭/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /乙单位 已关闭/ })).not.toBeChecked();
  });
});
