import { describe, expect, it } from 'vitest';
import { formatTypeParam, parseTypeParam } from './typeParam';

describe('the menu parameter', () => {
  it('reads the type id alone', () => {
    expect(parseTypeParam('12')).toEqual({ typeId: 12 });
  });

  it('reads the type id joined with the item index', () => {
    expect(parseTypeParam('12-3')).toEqual({ typeId: 12, index: 3 });
    expect(parseTypeParam('7-0')).toEqual({ typeId: 7, index: 0 });
  });

  it('answers null for a missing or malformed segment', () => {
    for (const segment of [undefined, null, '', 'abc', '12-', '-3', '12-3-4', '0', '1.5', ' 12', '12-x']) {
      expect(parseTypeParam(segment), String(segment)).toBeNull();
    }
  });

  it('writes what it reads', () => {
    expect(formatTypeParam({ typeId: 12, index: 3 })).toBe('12-3');
    expect(parseTypeParam(formatTypeParam({ typeId: 5 }))).toEqual({ typeId: 5 });
  });
});
