import { Component, type ReactNode } from 'react';

/** The calm message a page shows when it cannot be drawn: never a blank page, never a stack. */
export const PageFailure = () => (
  <div className="page-fallback" role="alert">
    <h1>页面暂时无法显示</h1>
    <p>请稍后刷新重试，或返回首页继续浏览。</p>
    <a href="/index">返回首页</a>
  </div>
);

/** What a route shows when its loader or its page fails. */
export const RouteErrorPage = () => <PageFailure />;

interface State {
  failed: boolean;
}

/** A rendering failure shows a calm message and a way home, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <PageFailure /> : this.props.children;
  }
}
