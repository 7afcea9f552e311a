import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDefinition } from './call';
import { FIELD_LABELS } from './fields';
import { api } from './index';

/**
 * The top-level keys an object schema accepts, through the wrappers the contract puts around one. Any other
 * kind of schema fails the test, so a new wrapper is taught here rather than its keys going unchecked.
 */
const keysOf = (schema: z.ZodType, where: string): string[] => {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType, where);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch
  ) {
    return keysOf(schema.def.innerType as z.ZodType, where);
  }
  if (schema instanceof z.ZodIntersection) {
    return [...keysOf(schema.def.left as z.ZodType, where), ...keysOf(schema.def.right as z.ZodType, where)];
  }
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => keysOf(option as z.ZodType, where));
  throw new Error(`${where}: cannot read the keys of a ${schema.def.type} schema`);
};

/** Every path and query parameter of the contract, with the calls that take it. */
const parameters = () => {
  const found = new Map<string, string[]>();
  const add = (key: string, where: string) => found.set(key, [...(found.get(key) ?? []), where]);
  for (const [area, calls] of Object.entries(api)) {
    for (const [name, call] of Object.entries(calls) as [string, CallDefinition][]) {
      const where = `${area}.${name}`;
      for (const [, segment = ''] of call.path.matchAll(/:([A-Za-z]+)/g)) add(segment, `${where} path`);
      if (call.params) for (const key of keysOf(call.params, `${where} params`)) add(key, `${where} params`);
      if (call.query) for (const key of keysOf(call.query, `${where} query`)) add(key, `${where} query`);
    }
  }
  return found;
};

describe('the Chinese names of fields', () => {
  it('name every path and query parameter of the contract, so no refusal names one in English', () => {
    const found = parameters();
    // The walk reaches the parameters it must: ids in paths, react-admin's list query, paging.
    for (const key of ['id', 'eventId', 'uploadId', 'filter', 'range', 'pageNum'])
      expect([...found.keys()]).toContain(key);
    const unnamed = [...found].filter(([key]) => !FIELD_LABELS[key]).map(([key, where]) => `${key} (${where[0]})`);
    expect(unnamed).toEqual([]);
  });

  it('are Chinese words, never the key itself', () => {
    for (const [key, label] of Object.entries(FIELD_LABELS)) expect(label, key).toMatch(/^[\u4e00-\u9fff（）]+$/);
  });

  it('find the keys behind a transformed, intersected or optional object, and refuse a schema they cannot read', () => {
    const wrapped = z
      .object({ a: z.string() })
      .and(z.object({ b: z.string() }))
      .transform((value) => value)
      .optional();
    expect(keysOf(wrapped, 'test')).toEqual(['a', 'b']);
    expect(() => keysOf(z.record(z.string(), z.string()), 'test')).toThrow('cannot read the keys of a record');
  });
});
