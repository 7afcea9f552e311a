import { FIELD_LABELS } from '@lianmeng/core';
import type { z } from 'zod';
import { badRequest } from './apiError';

const describePath = (path: readonly PropertyKey[]) => {
  const name = path.map(String).join('.');
  if (!name) return '';
  const label = FIELD_LABELS[String(path[path.length - 1])];
  return label ? `${label}（${name}）` : name;
};

/** Turns the first problem zod found into one Chinese sentence that names the field. */
export const describeIssues = (where: string, error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return `${where}有误`;
  if (issue.code === 'unrecognized_keys') return `${where}含有不认识的字段：${issue.keys.join('、')}`;
  const field = describePath(issue.path);
  return field ? `${where}有误：${field}${issue.message}` : `${where}有误：${issue.message}`;
};

/** Whether any text in the value holds U+0000, which PostgreSQL cannot store or compare (SQLite can). */
const containsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
};

export const parseOrRefuse = <S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> => {
  // Refused the same way on both databases, rather than stored by one and a server error on the other.
  if (containsNul(value)) throw badRequest(`${where}含有不允许的空字符（\\0）`);
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
};
