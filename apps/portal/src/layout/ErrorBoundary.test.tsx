import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

const Broken = () => {
  throw new Error('render failed');
};

describe('the error boundary', () => {
  it('shows a calm Chinese message and a way home instead of a blank page', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面暂时无法显示');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/index');
    quiet.mockRestore();
  });
});
