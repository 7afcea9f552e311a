import { describe, expect, it } from 'vitest';
import { COLUMN_BY_KEY, COLUMNS, columnByTypeId } from './columns';

describe('the content columns', () => {
  it('give every column its own typeId and key', () => {
    expect(new Set(COLUMNS.map((column) => column.typeId)).size).toBe(COLUMNS.length);
    expect(new Set(COLUMNS.map((column) => column.key)).size).toBe(COLUMNS.length);
  });

  it('are found by key and by typeId', () => {
    expect(COLUMN_BY_KEY.news.typeId).toBe(1);
    expect(columnByTypeId(13)?.route).toBe('/match/notice');
    expect(columnByTypeId(999)).toBeUndefined();
  });
});
