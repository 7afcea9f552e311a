import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

// The test accounts' common password is hashed at a lower cost (testing/factories.ts); this proves the
// production cost is what the server itself stores.
describe('password hashes', () => {
  it('are argon2id at 19 MiB, two passes and one lane, and verify only the right password', async () => {
    const stored = await hashPassword('Correct-horse-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-horse-2026')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-horse-2027')).toBe(false);
    expect(await verifyPassword(undefined, 'Correct-horse-2026')).toBe(false);
  });
});
