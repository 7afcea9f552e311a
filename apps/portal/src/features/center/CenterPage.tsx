import { api, TEXT_LIMITS, type UcUserInfo } from '@lianmeng/core';
import { Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { http } from '../../app/api';
import { usePageMessage } from '../../shared/usePageMessage';
import { AccountPage } from '../account/AccountPage';
import { logOut } from '../account/sessionActions';
import { useCardSession } from '../account/useCardSession';
import { passwordRules } from '../login/formRules';
import { NewPasswordFields } from '../login/NewPasswordFields';
import { InboxCard } from './Inbox';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** /center: the profile, the inbox (消息), changing the password, log-out and the way to the records. */
export const CenterPage = () => {
  const current = useCardSession();
  const navigate = useNavigate();
  const [profile, setProfile] = useState<UcUserInfo | null>(null);
  const [form] = Form.useForm<ChangePasswordValues>();
  const [busy, setBusy] = useState(false);
  const [notice, noticeHost] = usePageMessage();
  const cardNo = current?.cardNo;

  useEffect(() => {
    if (!cardNo) return;
    void http.call(api.uc.info, { query: { cardNo } }).then((result) => {
      if (result.ok) setProfile(result.data);
    });
  }, [cardNo]);

  const shown = profile ?? current?.ucUserInfo;
  const changePassword = async ({ oldPassword, newPassword }: ChangePasswordValues) => {
    setBusy(true);
    const result = await http.call(api.uc.changePassword, { body: { oldPassword, newPassword } });
    setBusy(false);
    if (result.ok) {
      form.resetFields();
      void notice.success('密码已修改');
    }
  };

  return (
    <AccountPage title="个人中心">
      {noticeHost}
      <Card
        title="我的资料"
        extra={
          <Space>
            <Link to="/creditBank/info">查看学分记录</Link>
            <Button
              data-testid="center-logout"
              onClick={async () => {
                await logOut('/center');
                navigate('/index');
              }}
            >
              退出登录
            </Button>
          </Space>
        }
      >
        {shown && (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="姓名">{shown.name}</Descriptions.Item>
            <Descriptions.Item label="卡号">{shown.cardNo}</Descriptions.Item>
            <Descriptions.Item label="学校">{shown.school}</Descriptions.Item>
            <Descriptions.Item label="手机号">{maskPhone(shown.phone)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {cardNo && <InboxCard cardNo={cardNo} />}
      <Card title="修改密码" style={{ marginTop: 16, maxWidth: 480 }}>
        <Form form={form} layout="vertical" onFinish={changePassword} aria-label="修改密码" requiredMark={false}>
          <Form.Item label="原密码" name="oldPassword" rules={passwordRules}>
            <Input.Password autoComplete="current-password" maxLength={TEXT_LIMITS.password.max} />
          </Form.Item>
          <NewPasswordFields personal={() => [shown?.cardNo, shown?.phone, shown?.name]} />
          <Button type="primary" htmlType="submit" loading={busy}>
            修改密码
          </Button>
        </Form>
      </Card>
    </AccountPage>
  );
};

export default CenterPage;
