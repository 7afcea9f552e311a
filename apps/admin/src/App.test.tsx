import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('the console shell', () => {
  it('renders its Chinese title', () => {
    render(<App />);
    expect(screen.getByRole('heading', { name: '联盟门户管理台' })).toBeInTheDocument();
  });
});
