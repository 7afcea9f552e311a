import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './inputLimits';

describe('JSON nesting depth', () => {
  it('counts arrays and objects inside each other', () => {
    expect(jsonNestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[1],[2],[3],[4]]', 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ title: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ title: 'a\\"[[[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\", [[["x"]]]]`, 3)).toBe(true);
  });
});
