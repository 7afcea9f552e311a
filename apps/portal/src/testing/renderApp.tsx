import { render } from '@testing-library/react';
import { App } from '../app/App';

/** The whole portal at a path, as a visitor would open it. */
export const renderApp = (path: string) => {
  window.history.pushState({}, '', path);
  return render(<App />);
};
