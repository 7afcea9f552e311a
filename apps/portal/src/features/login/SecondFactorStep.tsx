import { api, type LoginResult, type SecondFactorStep as Step } from '@lianmeng/core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';

/** An inline SVG shown as an image: the server drew the QR code, so the page needs no QR library. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The log-in's second step for institution and operator accounts: on the first log-in, the QR code (and the
 * secret to type by hand) for an authenticator app; then its six-digit code, or a recovery code. After an
 * enrolment the ten recovery codes are shown once before the log-in goes on.
 */
export const SecondFactorStep = ({
  step,
  onLoggedIn,
  onCancel,
}: {
  step: Step['secondFactor'];
  onLoggedIn: (result: LoginResult) => void;
  onCancel: () => void;
}) => {
  const [busy, setBusy] = useState(false);
  const [enrolled, setEnrolled] = useState<{ result: LoginResult; codes: string[] } | null>(null);

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    const result = await http.call(api.uc.secondFactor, { body: { ticket: step.ticket, code: code.trim() } });
    setBusy(false);
    if (!result.ok) return;
    const { recoveryCodes, ...login } = result.data;
    if (recoveryCodes?.length) setEnrolled({ result: login, codes: recoveryCodes });
    else onLoggedIn(login);
  };

  if (enrolled) {
    return (
      <section aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
        <Typography.Title level={2} id="recovery-codes-title" style={{ fontSize: 18 }}>
          保存恢复码
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title="手机丢失时，可用下列任一恢复码代替动态口令登录，每个只能用一次。请抄写或打印后妥善保管，此页不再显示。"
          style={{ marginBottom: 12 }}
        />
        <ol aria-label="恢复码" style={{ columns: 2, paddingLeft: 24 }}>
          {enrolled.codes.map((code) => (
            <li key={code}>
              <Typography.Text code>{code}</Typography.Text>
            </li>
          ))}
        </ol>
        <Button type="primary" block onClick={() => onLoggedIn(enrolled.result)}>
          我已保存，继续
        </Button>
      </section>
    );
  }

  return (
    <Form name="secondFactor" layout="vertical" onFinish={submit} aria-label="动态口令验证" requiredMark={false}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {step.enrolment ? '绑定动态口令' : '输入动态口令'}
      </Typography.Title>
      {step.enrolment ? (
        <>
          <Typography.Paragraph>
            机构与审核员账号需要动态口令。请用手机上的身份验证器应用扫描二维码（或手动输入密钥），然后输入应用显示的 6
            位数字。
          </Typography.Paragraph>
          <div style={{ textAlign: 'center' }}>
            <img src={svgSource(step.enrolment.qrSvg)} alt="动态口令绑定二维码" width={180} height={180} />
          </div>
          <Typography.Paragraph>
            密钥：
            <Typography.Text code copyable data-testid="second-factor-secret" style={{ wordBreak: 'break-all' }}>
              {step.enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph>
          请输入身份验证器应用显示的 6 位动态口令；手机不在身边时可输入一个恢复码。
        </Typography.Paragraph>
      )}
      <Form.Item
        label="动态口令"
        name="code"
        rules={[{ required: true, whitespace: true, message: '请输入动态口令或恢复码' }]}
      >
        <Input autoComplete="one-time-code" maxLength={20} placeholder="6 位数字或恢复码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="second-factor-submit">
        验证
      </Button>
      <Button type="link" onClick={onCancel} style={{ paddingLeft: 0 }}>
        返回重新登录
      </Button>
    </Form>
  );
};
