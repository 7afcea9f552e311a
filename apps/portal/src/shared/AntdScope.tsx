import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';

/**
 * antd's Chinese locale and our theme around the few antd components (pagination, the error modal). It lives
 * with them, in the lazily loaded chunks, so a first visit does not pay for antd at all.
 */
/**
 * The site's red: the primary colour keeps 6.6:1 on white, and links (antd's link buttons included) take the
 * darker red of the site's own links rather than antd's blue, which fails 4.5:1.
 */
const SITE_THEME = {
  token: { colorPrimary: '#b71c1c', colorLink: '#7f1010', colorLinkHover: '#b71c1c', borderRadius: 2 },
};

export const AntdScope = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN} theme={SITE_THEME}>
    {children}
  </ConfigProvider>
);
