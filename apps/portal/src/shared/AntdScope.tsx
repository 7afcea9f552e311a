import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';

/**
 * antd's Chinese locale and our theme around the few antd components (pagination, the error modal). It lives
 * with them, in the lazily loaded chunks, so a first visit does not pay for antd at all.
 */
export const AntdScope = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b71c1c', borderRadius: 2 } }}>
    {children}
  </ConfigProvider>
);
