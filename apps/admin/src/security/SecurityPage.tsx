import { api, type ConsoleSecurity, type SecondFactorStep } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { consoleHttp } from '../providers/http';
import { RecoveryCodes, svgSource } from '../signIn/SecondFactorStep';

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

/** 修改密码: the current password, then the new one twice. */
const PasswordCard = ({ http, onChanged }: { http: HttpClient; onChanged: () => void }) => {
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = field(form, 'newPassword');
    if (newPassword !== field(form, 'confirmPassword')) {
      setMessage({ ok: false, text: '两次输入的新密码不一致' });
      return;
    }
    const result = await http.call(api.consoleAuth.changePassword, {
      body: { currentPassword: field(form, 'currentPassword'), newPassword },
    });
    setMessage(result.ok ? { ok: true, text: '密码已修改，其他登录已退出' } : { ok: false, text: result.message });
    if (result.ok) {
      formElement.reset();
      onChanged();
    }
  };
  return (
    <Card component="section" aria-labelledby="password-title">
      <CardContent component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2" id="password-title">
          修改密码
        </Typography>
        <TextField name="currentPassword" label="当前密码" type="password" autoComplete="current-password" required />
        <TextField name="newPassword" label="新密码" type="password" autoComplete="new-password" required />
        <TextField name="confirmPassword" label="确认新密码" type="password" autoComplete="new-password" required />
        {message ? <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert> : null}
        <Button type="submit" variant="contained">
          修改密码
        </Button>
      </CardContent>
    </Card>
  );
};

/** 动态口令: its state, and binding (or replacing) it with the password, the app's first code, the recovery codes. */
const SecondFactorCard = ({
  http,
  security,
  onChanged,
}: {
  http: HttpClient;
  security: ConsoleSecurity;
  onChanged: () => void;
}) => {
  const [step, setStep] = useState<SecondFactorStep['secondFactor'] | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string>();

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await http.call(api.consoleAuth.enrolStart, {
      body: { password: field(new FormData(event.currentTarget), 'password') },
    });
    setError(result.ok ? undefined : result.message);
    if (result.ok) setStep(result.data.secondFactor);
  };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!step) return;
    const code = field(new FormData(event.currentTarget), 'code').trim();
    const result = await http.call(api.consoleAuth.enrolConfirm, { body: { ticket: step.ticket, code } });
    setError(result.ok ? undefined : result.message);
    if (result.ok) {
      setStep(null);
      setCodes(result.data.recoveryCodes);
      onChanged();
    }
  };

  return (
    <Card component="section" aria-labelledby="second-factor-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2" id="second-factor-title">
          动态口令
        </Typography>
        <Typography>
          {security.enrolled
            ? `已绑定，剩余恢复码 ${security.recoveryCodesLeft} 个。`
            : security.required
              ? '您的角色必须绑定动态口令。'
              : '未绑定。绑定后登录时除密码外还需输入手机上的动态口令，更安全。'}
        </Typography>
        {codes ? (
          <Alert severity="warning">
            请保存以下恢复码（每个只能用一次，此处不再显示）：
            <RecoveryCodes codes={codes} />
          </Alert>
        ) : null}
        {step?.enrolment ? (
          <Box component="form" onSubmit={confirm} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography>用身份验证器应用扫描二维码或手动输入密钥，然后输入应用显示的 6 位数字：</Typography>
            <img src={svgSource(step.enrolment.qrSvg)} alt="动态口令绑定二维码" width={180} height={180} />
            <Typography sx={{ wordBreak: 'break-all' }}>
              密钥：<code>{step.enrolment.secret}</code>
            </Typography>
            <TextField name="code" label="动态口令" autoComplete="one-time-code" required />
            <Button type="submit" variant="contained">
              确认绑定
            </Button>
          </Box>
        ) : (
          <Box component="form" onSubmit={start} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <TextField name="password" label="当前密码" type="password" size="small" autoComplete="current-password" />
            <Button type="submit" variant="outlined">
              {security.enrolled ? '更换动态口令' : '绑定动态口令'}
            </Button>
          </Box>
        )}
        {error ? <Alert severity="error">{error}</Alert> : null}
      </CardContent>
    </Card>
  );
};

/**
 * 账号安全: every console user's own password and second factor. After an administrator's reset the
 * console opens here, and nothing else works until the password is changed.
 */
export const SecurityPage = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const [security, setSecurity] = useState<ConsoleSecurity | null>(null);
  const load = useCallback(async () => {
    const result = await http.call(api.consoleAuth.security);
    if (result.ok) setSecurity(result.data);
  }, [http]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, maxWidth: 640 }}>
      <Title title="账号安全" />
      {security?.mustChangePassword ? (
        <Alert severity="warning">管理员已重置您的密码，请先修改密码后再使用管理台。</Alert>
      ) : null}
      <PasswordCard http={http} onChanged={() => window.location.assign(window.location.href)} />
      {security ? <SecondFactorCard http={http} security={security} onChanged={() => void load()} /> : null}
    </Box>
  );
};

export default SecurityPage;
