import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

/** A password that passes every rule: letters and digits, no whitespace. */
const generatePassword = () => `Lm${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}9`;

export interface DemoCredentials {
  passwordFor(account: string): string;
  /** Writes the file (owner-readable only) unless DEMO_PASSWORD was given; returns its path or null. */
  save(dataDir: string, title: string): Promise<string | null>;
}

export const createDemoCredentials = (demoPassword: string | undefined): DemoCredentials => {
  const issued = new Map<string, string>();
  return {
    passwordFor(account) {
      const password = demoPassword ?? issued.get(account) ?? generatePassword();
      issued.set(account, password);
      return password;
    },
    async save(dataDir, title) {
      if (demoPassword || issued.size === 0) return null;
      const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
      const lines = [...issued].map(([account, password]) => `${account}\t${password}`);
      await fs.appendFile(file, `# ${title}\n${lines.join('\n')}\n`, { mode: 0o600 });
      await fs.chmod(file, 0o600);
      return file;
    },
  };
};
