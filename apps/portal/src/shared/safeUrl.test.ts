import { describe, expect, it } from 'vitest';
import { safeHref } from './safeUrl';

describe('safeHref', () => {
  it.each([
    ['https://www.example.edu.cn/a?b=1', 'https://www.example.edu.cn/a?b=1'],
    ['http://example.cn', 'http://example.cn'],
    ['/uploads/a.pdf', '/uploads/a.pdf'],
  ])('keeps %s', (input, output) => {
    expect(safeHref(input)).toBe(output);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    '//evil.example',
    '/\\evil.example',
    '',
    null,
    'ftp://x',
  ])('drops %s', (input) => {
    expect(safeHref(input)).toBeNull();
  });
});
