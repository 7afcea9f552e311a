import { describe, expect, it } from 'vitest';
import { cleanBody, cleanParams } from './cleanParams';

describe('cleanParams', () => {
  it("drops '', null, undefined and the text 'null'", () => {
    expect(cleanParams({ a: '', b: null, c: undefined, d: 'null', e: 'x' })).toEqual({ e: 'x' });
  });

  it('removes every whitespace character inside string values', () => {
    expect(cleanParams({ q: '  a b\tc\n', phone: '138 0000 0000', wide: 'a\u3000b' })).toEqual({
      q: 'abc',
      phone: '13800000000',
      wide: 'ab',
    });
  });

  it('drops a value that was only whitespace', () => {
    expect(cleanParams({ keyword: ' \t\n ' })).toEqual({});
  });

  it('keeps numbers, zero and booleans as they are', () => {
    expect(cleanParams({ belongSortid: 2, isOpen: 0, flag: false })).toEqual({
      belongSortid: 2,
      isOpen: 0,
      flag: false,
    });
  });

  it('cleans nested objects and arrays', () => {
    expect(cleanParams({ filter: { a: ' x ', b: 'null' }, ids: [' 1 ', '', null, 2] })).toEqual({
      filter: { a: 'x' },
      ids: ['1', 2],
    });
  });

  it('does not treat "NULL" or "Null" as the text null', () => {
    expect(cleanParams({ name: 'NULL' })).toEqual({ name: 'NULL' });
  });
});

describe('cleanBody', () => {
  it('cleans URLSearchParams form bodies', () => {
    const cleaned = cleanBody(
      new URLSearchParams([
        ['phone', ' 138 00 '],
        ['code', ''],
        ['x', 'null'],
      ]),
    ) as URLSearchParams;
    expect([...cleaned]).toEqual([['phone', '13800']]);
  });

  it('leaves what it cannot clean untouched', () => {
    expect(cleanBody('raw')).toBe('raw');
  });
});
