import { render, screen } from '@testing-library/react';
import { Pagination, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdScope } from './AntdScope';

const PrimaryColour = () => {
  const { token } = theme.useToken();
  return <output data-testid="primary">{token.colorPrimary}</output>;
};

describe('AntdScope', () => {
  it('gives antd the site’s red and Chinese words', () => {
    render(
      <AntdScope>
        <PrimaryColour />
        <Pagination total={50} showSizeChanger />
      </AntdScope>,
    );
    expect(screen.getByTestId('primary')).toHaveTextContent('#b71c1c');
    expect(document.body.textContent).toContain('10 条/页');
    expect(document.body.textContent).not.toMatch(/\bpage\b/i);
  });

  it('is what the defaults are not: antd alone is blue and English', () => {
    render(
      <>
        <PrimaryColour />
        <Pagination total={50} showSizeChanger />
      </>,
    );
    expect(screen.getByTestId('primary')).not.toHaveTextContent('#b71c1c');
    expect(document.body.textContent).toContain('10 / page');
  });
});
