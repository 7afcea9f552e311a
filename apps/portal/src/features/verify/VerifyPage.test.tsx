import { api, CAPTCHA_REQUIRED_MESSAGE, type ProofVerification } from '@lianmeng/core';
import { failure, mockCall, mockCaptcha } from '@lianmeng/core/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupPortalServer } from '../../testing/portalServer';
import { renderApp } from '../../testing/renderApp';

const server = setupPortalServer();

const CODE = 'ABCDEFGHJKLMNPQR';
const GENUINE: ProofVerification = {
  verdict: 'valid',
  verdictLabel: '真实有效',
  proof: {
    code: CODE,
    holderName: '王*明',
    school: '甲学校',
    issueDate: '2026-11-20',
    validUntil: '2027-05-18',
    totalCredits: 3,
    records: [
      {
        date: '2026-10-01',
        activity: '机器人运动竞赛省级获奖',
        level: '省级',
        credits: 3,
        institutionName: '甲学校',
        certificateNo: 'ZS-1',
        state: 'posted',
        stateLabel: '已入账',
      },
      {
        date: '2026-09-01',
        activity: '机器人运动会（常规类）市级',
        level: '市级',
        credits: 2,
        institutionName: '甲学校',
        certificateNo: 'ZS-2',
        state: 'reversed',
        stateLabel: '已冲正',
      },
    ],
  },
};

describe('the check page', () => {
  it('shows the verdict in one line, the masked name and the records as they stand now', async () => {
    const asked: string[] = [];
    server.use(
      mockCall(api.proofs.verify, ({ params }) => {
        asked.push(String(params.code));
        return GENUINE;
      }),
    );
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('真实有效');
    expect(screen.getByTestId('verify-holder')).toHaveTextContent('王*明');
    const records = screen.getByTestId('verify-records');
    expect(records).toHaveTextContent('已冲正');
    expect(records).toHaveTextContent('机器人运动竞赛省级获奖');
    expect(asked).toEqual([CODE]);
  });

  it('says only 不存在 for an unknown code, and takes a typed code in lower case with spaces', async () => {
    const asked: string[] = [];
    server.use(
      mockCall(api.proofs.verify, ({ params }) => {
        asked.push(String(params.code));
        return { verdict: 'notFound' as const, verdictLabel: '不存在', proof: null };
      }),
    );
    renderApp('/verify');
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: 'abcd efgh jklm npqr' } });
    await userEvent.click(screen.getByRole('button', { name: '立即查验' }));
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('不存在');
    expect(asked).toEqual([CODE]);
    expect(screen.queryByTestId('verify-records')).toBeNull();
  });

  it('refuses a code of the wrong length before asking the server', async () => {
    renderApp('/verify');
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: 'ABCD' } });
    await userEvent.click(screen.getByRole('button', { name: '立即查验' }));
    expect(await screen.findByText('验证码应为 16 位')).toBeInTheDocument();
  });

  it('checks a certificate by number and name', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      mockCall(api.proofs.verifyCertificate, ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return failure(429, '查验过于频繁，请稍后再试');
      }),
    );
    renderApp('/verify');
    // A plain click event: antd's radio input sits under its styled circle, which user-event's pointer check can
    // find still marked pointer-events: none while antd's styles are being injected.
    fireEvent.click(await screen.findByRole('radio', { name: '按证书编号' }));
    fireEvent.change(await screen.findByLabelText('证书编号'), { target: { value: 'ZS-1' } });
    fireEvent.change(screen.getByLabelText('持有人姓名'), { target: { value: '王小明' } });
    await userEvent.click(screen.getByRole('button', { name: '立即查验' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('查验过于频繁，请稍后再试');
    await waitFor(() => expect(asked).toEqual([{ certificateNo: 'ZS-1', name: '王小明' }]));
  });

  it('opens the certificate form with the number a certificate’s QR brings, and asks nothing until a name is typed', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      mockCall(api.proofs.verifyCertificate, ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return failure(429, '查验过于频繁，请稍后再试');
      }),
    );
    renderApp('/verify?certificateNo=JQR-2026-0003-0001');
    expect(await screen.findByLabelText('证书编号')).toHaveValue('JQR-2026-0003-0001');
    expect(screen.getByRole('radio', { name: '按证书编号' })).toBeChecked();
    expect(asked).toEqual([]);
    fireEvent.change(screen.getByLabelText('持有人姓名'), { target: { value: '李明' } });
    await userEvent.click(screen.getByRole('button', { name: '立即查验' }));
    await waitFor(() => expect(asked).toEqual([{ certificateNo: 'JQR-2026-0003-0001', name: '李明' }]));
  });

  it('shows what a match certificate certifies: the award, the event and item, the team, the approval number', async () => {
    server.use(
      mockCall(api.proofs.verifyCertificate, () => ({
        verdict: 'valid' as const,
        verdictLabel: '真实有效',
        record: {
          date: '2026-12-10',
          activity: '机器人运动会（常规类）县级',
          level: '县级',
          institutionName: '北京市青少年科技活动中心',
          state: 'posted' as const,
          stateLabel: '已入账',
          holderName: '李*',
        },
        award: {
          eventName: '2026 年北京市海淀区中小学机器人运动会',
          level: '县级',
          itemName: '机器人足球',
          teamName: '一中先锋队',
          institutionName: '北京市第一中学',
          awardLabel: '一等奖',
          rank: 1,
          organizerName: '北京市青少年科技活动中心',
          approvalNo: '体联赛〔2026〕7号',
          issueDate: '2026-12-15',
        },
      })),
    );
    renderApp(`/verify?certificateNo=JQR-2026-0005-0001&name=${encodeURIComponent('李明')}`);
    expect(await screen.findByTestId('verify-award')).toHaveTextContent('一等奖（第 1 名）');
    const facts = screen.getByTestId('verify-award').closest('dl');
    expect(facts).toHaveTextContent('2026 年北京市海淀区中小学机器人运动会（县级）· 机器人足球');
    expect(facts).toHaveTextContent('一中先锋队（北京市第一中学）');
    expect(facts).toHaveTextContent('批准文号体联赛〔2026〕7号');
  });

  it('asks the image challenge when the server holds the lookup back, and sends its answer with the next one', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      mockCaptcha(),
      mockCall(api.proofs.verify, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        return query.captchaCode ? GENUINE : failure(400, CAPTCHA_REQUIRED_MESSAGE);
      }),
    );
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTCHA_REQUIRED_MESSAGE);
    fireEvent.change(await screen.findByLabelText('图形验证码'), { target: { value: 'AB12' } });
    await userEvent.click(screen.getByRole('button', { name: '立即查验' }));
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('真实有效');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ captchaId: 'challenge-number-1', captchaCode: 'AB12' });
  });
});
