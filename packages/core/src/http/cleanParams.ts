/**
 * The portal's parameter cleaning: values that are empty, null, undefined or the
 * text 'null' are removed, and all whitespace is stripped from string values. A string that is only
 * whitespace is therefore removed too. Numbers and booleans pass unchanged; nested objects and arrays
 * are cleaned the same way.
 */
export type Cleanable = Record<string, unknown>;

const WHITESPACE = /\s+/g;

const isDropped = (value: unknown) => value === undefined || value === null || value === '' || value === 'null';

const cleanValue = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(WHITESPACE, '');
  if (Array.isArray(value)) return value.map(cleanValue).filter((item) => !isDropped(item));
  if (isPlainObject(value)) return cleanParams(value);
  return value;
};

const isPlainObject = (value: unknown): value is Cleanable =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export const cleanParams = <T extends Cleanable>(params: T): Partial<T> => {
  const cleaned: Cleanable = {};
  for (const [key, value] of Object.entries(params)) {
    if (isDropped(value)) continue;
    const next = cleanValue(value);
    if (isDropped(next)) continue;
    cleaned[key] = next;
  }
  return cleaned as Partial<T>;
};

/** Cleans a body when it is something cleaning applies to: a plain object or URLSearchParams. */
export const cleanBody = (body: unknown): unknown => {
  if (isPlainObject(body)) return cleanParams(body);
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) {
    const cleaned = new URLSearchParams();
    for (const [key, value] of body) {
      const next = cleanValue(value);
      if (!isDropped(value) && !isDropped(next)) cleaned.append(key, String(next));
    }
    return cleaned;
  }
  return body;
};
