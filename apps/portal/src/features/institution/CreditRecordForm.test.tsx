import { api } from '@lianmeng/core';
import { failure, mockCall } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreditRecordForm, fieldOfRefusal } from './CreditRecordForm';
import { CATALOGUE, ledgerRecord, person, renderForInstitution } from './creditFixtures';

const PERSON = person(1);

const keywords: (string | null)[] = [];
const server = setupServer(
  mockCall(api.creditWorkbench.catalogue, () => CATALOGUE),
  mockCall(api.institutionWorkbench.people, ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword');
    keywords.push(keyword);
    return { list: !keyword || PERSON.name.includes(keyword) ? [PERSON] : [], total: 1 };
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  keywords.length = 0;
});
afterAll(() => server.close());

const open = () => renderForInstitution(<CreditRecordForm onRecorded={() => undefined} />);

/**
 * Enters the date, picks a holder by searching part of the name, and an item by its option's text. Typed text
 * arrives in one change (as a paste does), not key by key: each key re-renders the pickers, at a jsdom second.
 */
const fillForm = async ({ item, date }: { item: string; date: string }) => {
  const dateInput = screen.getByLabelText('获得日期');
  await userEvent.click(dateInput);
  fireEvent.change(dateInput, { target: { value: date } });
  fireEvent.keyDown(dateInput, { key: 'Enter', code: 'Enter' });
  await userEvent.click(screen.getByLabelText('持卡人'));
  fireEvent.change(screen.getByLabelText('持卡人'), { target: { value: '学生' } });
  // The search waits for a pause in the typing: the answer to it, not to the first look, is chosen from.
  await waitFor(() => expect(keywords).toContain('学生'));
  await waitFor(() =>
    expect(screen.getByLabelText('持卡人').closest('.ant-select')).not.toHaveClass('ant-select-loading'),
  );
  await userEvent.click(await screen.findByTitle('学生1（10000101） 四年级2班'));
  await userEvent.click(screen.getByLabelText('学分项目'));
  await userEvent.click(await screen.findByTitle(item));
  await screen.findByTestId('item-facts');
};

describe('recording one credit', () => {
  it('records with the item’s default credits and the uploaded evidence, and says it waits for review', async () => {
    const bodies: unknown[] = [];
    let recorded = 0;
    server.use(
      mockCall(api.creditWorkbench.evidenceUpload, () => ({
        evidenceId: 9,
        fileName: '证书.pdf',
        contentType: 'application/pdf',
        size: 12,
      })),
      mockCall(api.creditWorkbench.record, async ({ request }) => {
        bodies.push(await request.json());
        return ledgerRecord({ id: 77, itemId: 3, itemName: '机器人运动等级考试（三级）', kind: 'exam', level: '三级' });
      }),
    );
    renderForInstitution(<CreditRecordForm onRecorded={() => (recorded += 1)} />);
    await fillForm({ item: '机器人运动等级考试（三级）（等级考试·三级）', date: '2026-10-01' });
    // The item's facts, and its default credits filled in.
    expect(await screen.findByTestId('item-facts')).toHaveTextContent('必须上传');
    expect(screen.getByLabelText('学分')).toHaveValue('3');

    // Evidence is required by this item: the record is not sent without it.
    await userEvent.click(screen.getByTestId('record-submit'));
    expect(await screen.findByText('该项目须上传证明材料')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], '证书.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByTestId('evidence-name')).toHaveTextContent('证书.pdf');
    await userEvent.click(screen.getByTestId('record-submit'));
    expect(await screen.findByTestId('record-done')).toHaveTextContent('待审核');
    // The outcome takes the focus: a phone scrolls up to it from the button.
    await waitFor(() => expect(screen.getByTestId('record-done').parentElement).toHaveFocus());
    expect(bodies).toEqual([{ cardNo: '10000101', itemId: 3, date: '2026-10-01', credits: 3, evidenceId: 9 }]);
    expect(recorded).toBe(1);
  });

  it('keeps the credits within the item’s maximum before asking the server', async () => {
    const bodies: unknown[] = [];
    server.use(
      mockCall(api.creditWorkbench.record, async ({ request }) => {
        bodies.push(await request.json());
        return ledgerRecord();
      }),
    );
    open();
    await fillForm({ item: '机器人运动竞赛市级获奖（竞赛·市级）', date: '2026-10-01' });
    await waitFor(() => expect(screen.getByLabelText('学分')).toHaveValue('3'));
    await userEvent.clear(screen.getByLabelText('学分'));
    await userEvent.type(screen.getByLabelText('学分'), '7');
    await userEvent.click(screen.getByTestId('record-submit'));
    expect(await screen.findByText('学分不能超过该项目的最高学分 6')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows a refusal of the server next to its field, and one about the whole record above the form', async () => {
    let refusal = '证书编号已被本机构使用';
    server.use(mockCall(api.creditWorkbench.record, () => failure(409, refusal)));
    open();
    await fillForm({ item: '机器人运动竞赛市级获奖（竞赛·市级）', date: '2026-10-01' });
    await userEvent.type(screen.getByLabelText('证书编号（选填）'), 'LM-1');
    await userEvent.click(screen.getByTestId('record-submit'));
    const explained = await screen.findByText('证书编号已被本机构使用');
    expect(explained.closest('.ant-form-item')).toContainElement(screen.getByLabelText('证书编号（选填）'));
    expect(screen.queryByTestId('record-done')).not.toBeInTheDocument();

    refusal = '该持卡人已有同一项目、同一日期的记录';
    await userEvent.click(screen.getByTestId('record-submit'));
    expect(await screen.findByTestId('record-refusal')).toHaveTextContent('该持卡人已有同一项目、同一日期的记录');
  });
});

describe('fieldOfRefusal', () => {
  it('finds the field each of the server’s refusals is about', () => {
    expect(fieldOfRefusal('该卡不在本机构人员名单中，请先通过名单关联')).toBe('cardNo');
    expect(fieldOfRefusal('该学分项目已停用，不能再登记')).toBe('itemId');
    expect(fieldOfRefusal('学分不能超过该项目的最高学分 3')).toBe('credits');
    expect(fieldOfRefusal('请求内容有误：学分（credits）学分应为数字')).toBe('credits');
    expect(fieldOfRefusal('日期不能早于持卡人的出生日期')).toBe('date');
    expect(fieldOfRefusal('证书编号已被本机构使用')).toBe('certificateNo');
    expect(fieldOfRefusal('证明材料不存在，请重新上传')).toBe('evidence');
    expect(fieldOfRefusal('该持卡人已有同一项目、同一日期的记录')).toBeNull();
  });
});
