import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

/** A password that passes every rule: letters and digits, no whitespace. */
const generatePassword = () => `Lm${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}9`;

export interface DemoCredentials {
  /** The account's password; `role` says what the account is (and for which institution) in the file. */
  passwordFor(account: string, role: string): string;
  /**
   * Appends the accounts to the file (owner-readable only) and returns its path, or null when there were
   * none. When DEMO_PASSWORD was given the file lists the accounts and their roles without the password,
   * so a newcomer who chose it still learns the account names.
   */
  save(dataDir: string, title: string): Promise<string | null>;
}

const CHOSEN_PASSWORD = '（DEMO_PASSWORD 设定的密码）';

export const createDemoCredentials = (demoPassword: string | undefined): DemoCredentials => {
  const issued = new Map<string, { password: string; role: string }>();
  return {
    passwordFor(account, role) {
      const password = demoPassword ?? issued.get(account)?.password ?? generatePassword();
      issued.set(account, { password, role });
      return password;
    },
    async save(dataDir, title) {
      if (issued.size === 0) return null;
      const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
      const lines = [...issued].map(
        ([account, { password, role }]) => `${account}\t${demoPassword ? CHOSEN_PASSWORD : password}\t${role}`,
      );
      await fs.appendFile(file, `# ${title}\n${lines.join('\n')}\n`, { mode: 0o600 });
      await fs.chmod(file, 0o600);
      return file;
    },
  };
};
