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

export const parseOrRefuse = <S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
};

/** PostgreSQL cannot store a NUL character in text; no field of ours has a use for one either. */
export const containsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(containsNul);
  return false;
};
