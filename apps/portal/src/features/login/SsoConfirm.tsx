import type { UcUserInfo } from '@lianmeng/core';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';

/** A name as the confirmation shows it: first and last character, the rest starred (张*明, 李*, 欧**锋). */
export const maskName = (name: string) => {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

/** The partner as the holder knows it: the return address's host name. */
export const partnerOf = (ssoReturn: string) => {
  try {
    return new URL(ssoReturn).hostname;
  } catch {
    return ssoReturn;
  }
};

/**
 * A holder already logged in, sent here by a partner site: one click to go back signed in as this holder, or
 * another account. On a shared school computer the next pupil sees whose session would be handed over.
 */
export const SsoConfirm = ({
  holder,
  ssoReturn,
  onConfirm,
  onOtherAccount,
}: {
  holder: Pick<UcUserInfo, 'name' | 'cardNo'>;
  ssoReturn: string;
  onConfirm(): Promise<void>;
  onOtherAccount(): void;
}) => {
  const [busy, setBusy] = useState(false);
  const partner = partnerOf(ssoReturn);
  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        以 {maskName(holder.name)} 身份登录 {partner}？
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {partner} 将获得您的卡号、姓名和学校，不会获得您的手机号和密码。
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          确认登录
        </Button>
        <Button onClick={onOtherAccount}>使用其他账号</Button>
      </Space>
    </Card>
  );
};
