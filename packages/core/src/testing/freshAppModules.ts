import { vi } from 'vitest';

/**
 * Run first for each test file of the apps' jsdom projects, whose files share a worker's modules
 * (vite.config.ts): the app's own modules and this repository's packages are loaded afresh for the file, so no
 * state they keep at module level (a session store, the error bus's waiting failures) carries over from the
 * file before. The dependencies from node_modules (React, antd, MUI, react-admin) stay loaded: they are what
 * takes long to load, and they keep no state of the app's.
 */
vi.resetModules();
