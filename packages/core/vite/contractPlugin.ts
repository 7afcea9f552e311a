import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import * as addresses from '../src/addresses';
import * as contract from '../src/contract';
import type { CallDefinition } from '../src/contract/call';
import * as call from '../src/contract/call';

const CONTRACT_INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/contract/index.ts');

/**
 * Modules the contract re-exports that load no schema library at run time. The browser module re-exports
 * them from their source; every other export is written out as data.
 */
const SCHEMA_FREE_MODULES: Record<string, Record<string, unknown>> = {
  './call': call,
  '../addresses': addresses,
};

/** What the browser needs of a call: where it goes, how, and who may make it. */
export type CallDescriptor = Pick<
  CallDefinition,
  'method' | 'path' | 'host' | 'access' | 'xsrf' | 'bodyKind' | 'summary'
>;

const isCallDefinition = (value: unknown): value is CallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CallDefinition).method === 'string' &&
  typeof (value as CallDefinition).path === 'string' &&
  'response' in value;

export const describeCall = ({
  method,
  path,
  host,
  access,
  xsrf,
  bodyKind,
  summary,
}: CallDefinition): CallDescriptor => ({
  method,
  path,
  host,
  access,
  xsrf,
  bodyKind,
  summary,
});

/** A value with every call definition in it replaced by its descriptor. */
const withDescriptors = (value: unknown): unknown => {
  if (isCallDefinition(value)) return describeCall(value);
  if (Array.isArray(value)) return value.map(withDescriptors);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDescriptors(item)]));
  }
  return value;
};

/** Text, numbers, booleans, null, and arrays and plain objects of them: what JSON carries unchanged. */
const isPlainData = (value: unknown): boolean => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as object).every(isPlainData);
  }
  return false;
};

/**
 * The contract module as the browser gets it: the call definitions as plain descriptors, the constants as
 * data, the schema-free helpers re-exported, and no schema at all. Types still come from the real contract
 * (`import type` is erased), so an app that needed a schema at run time fails its build on the missing export.
 */
export const browserContractModule = (source: Record<string, unknown> = contract): string => {
  const lines = ['// Generated from the contract at build time: call descriptors and constants, no schemas.'];
  const reExported = new Set<string>();
  for (const [specifier, module] of Object.entries(SCHEMA_FREE_MODULES)) {
    lines.push(`export * from '${specifier}';`);
    for (const name of Object.keys(module)) reExported.add(name);
  }
  for (const [name, value] of Object.entries(source)) {
    if (reExported.has(name)) continue;
    const data = withDescriptors(value);
    if (data instanceof RegExp) lines.push(`export const ${name} = ${data.toString()};`);
    else if (isPlainData(data)) lines.push(`export const ${name} = ${JSON.stringify(data)};`);
  }
  return `${lines.join('\n')}\n`;
};

/**
 * Replaces packages/core's contract module in the apps' client builds with `browserContractModule()`, so
 * the browser bundles ship no runtime schema library. Tests and the dev server keep the real contract.
 */
export const browserContract = (): Plugin => ({
  name: 'lianmeng:browser-contract',
  apply: 'build',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0] ?? '';
    return path.resolve(file) === CONTRACT_INDEX ? browserContractModule() : undefined;
  },
});
