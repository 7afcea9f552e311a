// Plain JavaScript, so the apps' Vite configs load it as it is: the contract itself (TypeScript) is read at
// build time through Vite's module runner.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const CONTRACT_INDEX = path.join(SRC, 'contract/index.ts');

/**
 * Modules the contract re-exports that load no schema library at run time, by their specifier from the
 * contract's index. The browser module re-exports them from their source; every other export is written out
 * as data.
 */
const SCHEMA_FREE_MODULES = {
  './call': path.join(SRC, 'contract/call.ts'),
  './eventRules': path.join(SRC, 'contract/eventRules.ts'),
  '../addresses': path.join(SRC, 'addresses.ts'),
};

/** What the browser needs of a call: where it goes, how, and who may make it (its description stays out). */
export const DESCRIBED_FIELDS = ['method', 'path', 'host', 'access', 'xsrf', 'bodyKind'];

const isCallDefinition = (value) =>
  typeof value === 'object' &&
  value !== null &&
  typeof value.method === 'string' &&
  typeof value.path === 'string' &&
  'response' in value;

export const describeCall = (definition) =>
  Object.fromEntries(DESCRIBED_FIELDS.map((field) => [field, definition[field]]));

const isPlainObject = (value) =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A value with every call definition in it replaced by its descriptor. */
const withDescriptors = (value) => {
  if (isCallDefinition(value)) return describeCall(value);
  if (Array.isArray(value)) return value.map(withDescriptors);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDescriptors(item)]));
  }
  return value;
};

/** Text, numbers, booleans, null, and arrays and plain objects of them: what JSON carries unchanged. */
const isPlainData = (value) => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  return isPlainObject(value) && Object.values(value).every(isPlainData);
};

const load = async (file) => (await runnerImport(file)).module;

/**
 * The contract module as the browser gets it: the call definitions as plain descriptors, the constants as
 * data, the schema-free helpers re-exported, and no schema at all. Types still come from the real contract
 * (`import type` is erased), so an app that needed a schema at run time fails its build on the missing export.
 */
export const browserContractModule = async () => {
  const contract = await load(CONTRACT_INDEX);
  const lines = ['// Generated from the contract at build time: call descriptors and constants, no schemas.'];
  const reExported = new Set();
  for (const [specifier, file] of Object.entries(SCHEMA_FREE_MODULES)) {
    lines.push(`export * from '${specifier}';`);
    for (const name of Object.keys(await load(file))) reExported.add(name);
  }
  for (const [name, value] of Object.entries(contract)) {
    if (reExported.has(name)) continue;
    const data = withDescriptors(value);
    if (data instanceof RegExp) lines.push(`export const ${name} = ${data.toString()};`);
    else if (isPlainData(data)) lines.push(`export const ${name} = ${JSON.stringify(data)};`);
  }
  return `${lines.join('\n')}\n`;
};

/** The files of the schema-free modules the browser module re-exports, for the test that keeps them so. */
export const schemaFreeModules = () => Object.values(SCHEMA_FREE_MODULES);

/**
 * Replaces packages/core's contract module in the apps' client builds with `browserContractModule()`, so
 * the browser bundles ship no runtime schema library. Tests and the dev server keep the real contract.
 */
export const browserContract = () => {
  let generated;
  return {
    name: 'lianmeng:browser-contract',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      generated = await browserContractModule();
    },
    load(id) {
      const file = id.split('?')[0] ?? '';
      return path.resolve(file) === CONTRACT_INDEX ? generated : undefined;
    },
  };
};
