import { api } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { consoleHttp } from '../providers/http';

/**
 * Account administration asks for the password again (and a fresh code, for an account with a second
 * factor): a console left open is not enough to create accounts or reset others' passwords. The proof lasts
 * a few minutes; the server refuses the changes without it.
 */
export const ReauthPanel = ({ http = consoleHttp }: { http?: HttpClient }) => {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    setError(undefined);
    const typed = code.trim();
    const result = await http.call(api.consoleAuth.reauth, { body: { password, ...(typed ? { code: typed } : {}) } });
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setPassword('');
    setCode('');
    setUntil(new Date(result.data.until).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' }));
  };

  if (until) {
    return (
      <Alert severity="success" sx={{ m: 2 }}>
        已验证身份，{until} 前可以管理账号
      </Alert>
    );
  }
  return (
    <Box
      component="section"
      aria-label="再次验证身份"
      sx={{ m: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <Alert severity="info" sx={{ width: '100%' }}>
        管理账号前请再次输入您的密码（已绑定动态口令的账号还需输入动态口令）。
      </Alert>
      <TextField
        label="您的密码"
        type="password"
        size="small"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label="动态口令"
        size="small"
        autoComplete="one-time-code"
        inputProps={{ maxLength: 6, inputMode: 'numeric' }}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button variant="outlined" disabled={pending || !password} onClick={() => void confirm()}>
        验证身份
      </Button>
      {error ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
};
