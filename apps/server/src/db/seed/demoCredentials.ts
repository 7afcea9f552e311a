import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkPasswordStrength } from '@lianmeng/core/password';
import { newTotpSecret } from '../../security/totp';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

/** A password that passes every rule: letters and digits, no whitespace. */
const generatePassword = () => `Lm${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}9`;

export interface DemoCredentials {
  /** The account's password; `role` says what the account is (and for which institution) in the file. */
  passwordFor(account: string, role: string): string;
  /**
   * A new second-factor secret (base32) for the account, listed beside its password so a newcomer can add it
   * to an authenticator app and a script can compute the codes.
   */
  secretFor(account: string): string;
  /**
   * Appends the accounts to the file (owner-readable only) and returns its path, or null when there were
   * none. When DEMO_PASSWORD was given the file lists the accounts and their roles without the password,
   * so a newcomer who chose it still learns the account names.
   */
  save(dataDir: string, title: string): Promise<string | null>;
}

const CHOSEN_PASSWORD = '（DEMO_PASSWORD 设定的密码）';
const NO_SECOND_FACTOR = '（无）';
/** The columns of every section of the file, after the account's name. */
export const CREDENTIAL_COLUMNS = '密码\t动态口令密钥（TOTP，base32）\t身份';

/**
 * DEMO_PASSWORD becomes the password of privileged accounts: it must pass the rule every password passes.
 * Refused with the rule's reason before anything is seeded.
 */
export const assertDemoPasswordStrong = async (demoPassword: string | undefined) => {
  if (demoPassword === undefined) return;
  const verdict = await checkPasswordStrength(demoPassword, []);
  if (!verdict.ok) throw new Error(`DEMO_PASSWORD 不符合密码规则：${verdict.message}`);
};

export const createDemoCredentials = (demoPassword: string | undefined): DemoCredentials => {
  const issued = new Map<string, { password: string; role: string }>();
  const secrets = new Map<string, string>();
  return {
    passwordFor(account, role) {
      const password = demoPassword ?? issued.get(account)?.password ?? generatePassword();
      issued.set(account, { password, role });
      return password;
    },
    secretFor(account) {
      const secret = secrets.get(account) ?? newTotpSecret();
      secrets.set(account, secret);
      return secret;
    },
    async save(dataDir, title) {
      if (issued.size === 0) return null;
      const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
      const lines = [...issued].map(
        ([account, { password, role }]) =>
          `${account}\t${demoPassword ? CHOSEN_PASSWORD : password}\t${secrets.get(account) ?? NO_SECOND_FACTOR}\t${role}`,
      );
      await fs.appendFile(file, `# ${title}\n${lines.join('\n')}\n`, { mode: 0o600 });
      await fs.chmod(file, 0o600);
      return file;
    },
  };
};
