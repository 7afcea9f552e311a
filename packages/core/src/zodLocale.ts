import { z } from 'zod';

// Every refusal a user can read is Chinese, including zod's own type messages. Loaded by whatever parses
// with the contract's schemas (the server, the tests' mocks); the browser bundles carry no schemas.
z.config(z.locales.zhCN());
