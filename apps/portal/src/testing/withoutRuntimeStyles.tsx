import type { ReactNode } from 'react';
import { vi } from 'vitest';

/**
 * The portal's antd components, in jsdom, without antd's run-time styles. antd computes every component's
 * styles in script and writes them into the document, and jsdom then parses each rule: that was most of the
 * time of the tests that render antd (the log-in and captcha files: 32 s of test time with the styles, 11 s
 * without). No unit test reads a style; how the antd parts look is checked in Chromium, on the built site, where
 * the styles are real (e2e/ssr). `zeroRuntime` is antd's own switch for a page that brings its styles itself,
 * and every antd component of the portal sits inside AntdScope, whose theme inherits it from here.
 */
vi.mock('../shared/AntdScope', async (importOriginal) => {
  // Loaded here, not at the top: a file that renders no antd does not pay for loading it.
  const [{ AntdScope }, { ConfigProvider }] = await Promise.all([
    importOriginal<typeof import('../shared/AntdScope')>(),
    import('antd'),
  ]);
  return {
    AntdScope: ({ children }: { children: ReactNode }) => (
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <AntdScope>{children}</AntdScope>
      </ConfigProvider>
    ),
  };
});
