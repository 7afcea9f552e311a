import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserContractModule, schemaFreeModules } from '../../vite/contractPlugin.mjs';
import * as contract from '../contract';

/** What the browser needs of a call, named here so the plugin cannot drop one unnoticed. */
const DESCRIBED = ['method', 'path', 'host', 'access', 'xsrf', 'bodyKind'] as const;
const CONTRACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract');

/** The generated module, written beside the real one (its relative imports resolve the same) and loaded. */
let browser: Record<string, unknown>;
let file: string;
beforeAll(async () => {
  file = path.join(CONTRACT_DIR, `.browser-${process.pid}-${Date.now()}.ts`);
  await fs.writeFile(file, await browserContractModule());
  browser = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
});
afterAll(() => fs.rm(file, { force: true }));

const calls = (api: Record<string, Record<string, unknown>>) =>
  Object.entries(api).flatMap(([area, group]) =>
    Object.entries(group).map(([name, call]) => [`${area}.${name}`, call]),
  );

describe('the contract as the browser build gets it', () => {
  it('carries every call of the contract as its descriptor: the same method, path, host, access, xsrf and body kind (no description)', () => {
    const real = calls(contract.api as unknown as Record<string, Record<string, unknown>>);
    const shipped = calls(browser.api as Record<string, Record<string, unknown>>);
    expect(shipped.map(([name]) => name)).toEqual(real.map(([name]) => name));
    for (const [name, definition] of real) {
      const descriptor = Object.fromEntries(
        DESCRIBED.map((field) => [field, (definition as unknown as Record<string, unknown>)[field]]),
      );
      expect([name, shipped.find(([other]) => other === name)?.[1]]).toEqual([name, descriptor]);
    }
  });

  it('carries no schema: no zod import and no schema object', async () => {
    const text = await browserContractModule();
    expect(text).not.toMatch(/zod/);
    const hasSchema = (value: unknown): boolean =>
      typeof value === 'object' && value !== null && ('_zod' in value || Object.values(value).some(hasSchema));
    expect(Object.entries(browser).filter(([, value]) => hasSchema(value))).toEqual([]);
  });

  it('keeps the constants and helpers the apps use, with the same values and behaviour', () => {
    for (const name of ['AUDIT_ACTIONS', 'AUDIT_ACTION_NAMES', 'CREATABLE_ROLES', 'SITE_SETTINGS_ID', 'FIELD_LABELS']) {
      expect([name, browser[name]]).toEqual([name, (contract as Record<string, unknown>)[name]]);
    }
    for (const name of ['CARD_NO', 'PHONE', 'SMS_CODE', 'UPLOAD_PATH']) {
      expect(String(browser[name])).toBe(String((contract as Record<string, unknown>)[name]));
    }
    const isHttpUrl = browser.isHttpUrl as (value: string) => boolean;
    const isUploadPath = browser.isUploadPath as (value: string) => boolean;
    const consoleRoleMay = browser.consoleRoleMay as typeof contract.consoleRoleMay;
    expect([isHttpUrl('https://a.cn/x'), isHttpUrl('javascript:alert(1)')]).toEqual([true, false]);
    expect([isUploadPath('/uploads/a.png'), isUploadPath('/etc/passwd')]).toEqual([true, false]);
    expect([consoleRoleMay('staff', 'editor'), consoleRoleMay('admin', 'editor')]).toEqual([false, true]);
  });

  it('re-exports only modules that load no schema library at run time', async () => {
    const modules = schemaFreeModules();
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) {
      const source = await fs.readFile(module, 'utf8');
      expect([module, source.match(/^import (?!type )[^;]*from 'zod'/m)]).toEqual([module, null]);
    }
  });
});
