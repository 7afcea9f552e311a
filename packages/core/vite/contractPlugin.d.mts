import type { Plugin } from 'vite';

export declare const DESCRIBED_FIELDS: readonly string[];
export declare const describeCall: (definition: Record<string, unknown>) => Record<string, unknown>;
export declare const browserContractModule: () => Promise<string>;
export declare const schemaFreeModules: () => string[];
export declare const browserContract: () => Plugin;
