import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { zhCN } from './zhCN';

/** Every leaf key of a nested message object, as dotted paths. */
const leafKeys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const valueAt = (messages: object, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the zh-CN messages for react-admin', () => {
  const englishKeys = leafKeys(englishMessages);

  it('has every key of ra-language-english', () => {
    const missing = englishKeys.filter((key) => typeof valueAt(zhCN, key) !== 'string');
    expect(englishKeys.length).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });

  it('is Chinese wherever the English has words', () => {
    const untranslated = englishKeys.filter((key) => {
      const english = valueAt(englishMessages, key) as string;
      const chinese = valueAt(zhCN, key) as string;
      return /[A-Za-z]{2}/.test(english.replace(/%\{\w+\}/g, '')) && !/[\u4e00-\u9fff]/.test(chinese);
    });
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders and the plural separator of every message', () => {
    const broken = englishKeys.filter((key) => {
      const english = valueAt(englishMessages, key) as string;
      const chinese = valueAt(zhCN, key) as string;
      const plural = english.includes('||||') === chinese.includes('||||');
      return !plural || placeholders(english).some((name) => !placeholders(chinese).includes(name));
    });
    expect(broken).toEqual([]);
  });
});
