import { FIELD_LABELS } from '@lianmeng/core';
import type { z } from 'zod';
import { badRequest } from './apiError';

const labelOf = (path: readonly PropertyKey[]) => FIELD_LABELS[String(path[path.length - 1])] ?? '';

const describePath = (path: readonly PropertyKey[]) => {
  const name = path.map(String).join('.');
  if (!name) return '';
  const label = labelOf(path);
  return label ? `${label}（${name}）` : name;
};

/** Turns the first problem zod found into one Chinese sentence that names the field. */
export const describeIssues = (where: string, error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return `${where}有误`;
  if (issue.code === 'unrecognized_keys') return `${where}含有不认识的字段：${issue.keys.join('、')}`;
  const field = describePath(issue.path);
  if (!field) return `${where}有误：${issue.message}`;
  // A schema's own message often names the field already (验证码应为 16 位): then it is said as it is.
  const label = labelOf(issue.path);
  if (label && issue.message.startsWith(label)) return `${where}有误：${issue.message}`;
  return `${where}有误：${field}${issue.message}`;
};

/**
 * The path of the first text in the value (a key or a string) that holds U+0000, which PostgreSQL cannot
 * store or compare (SQLite can); null when there is none.
 */
const nulPath = (value: unknown, path: PropertyKey[] = []): PropertyKey[] | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
};

export const parseOrRefuse = <S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> => {
  // Refused the same way on both databases, rather than stored by one and a server error on the other.
  const withNul = nulPath(value);
  if (withNul) {
    const field = describePath(withNul);
    throw badRequest(`${where}${field ? `中的${field}` : ''}含有不允许的空字符（\\0）`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
};
