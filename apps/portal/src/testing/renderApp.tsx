import { configure, render } from '@testing-library/react';
import { App } from '../app/App';

// Four engineers share two cores: lazy chunks and antd can take seconds to arrive in a test.
configure({ asyncUtilTimeout: 15_000 });

/** The whole portal at a path, as a visitor would open it. */
export const renderApp = (path: string) => {
  window.history.pushState({}, '', path);
  return render(<App />);
};
