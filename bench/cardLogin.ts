/**
 * The server time of one card log-in (POST /api/uc/user/ValidateCardByPass: RSA-OAEP unwrap, HMAC, AES,
 * replay guard, limiter, argon2id verify, token issue), median of 20, against a bare argon2id verify of the
 * same password measured in the same run. Run: npx tsx bench/cardLogin.ts
 */
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../apps/server/src/security/passwords';
import { encryptCard, postForm, publicKeyOf } from '../apps/server/src/testing/cardHolders';
import { buildCardHolder } from '../apps/server/src/testing/factories';
import { createTestServer, TEST_PASSWORD } from '../apps/server/src/testing/testServer';

const RUNS = 20;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const server = await createTestServer();
await buildCardHolder(server.db, { cardNo: '10000001', phone: '13800000000' });
try {
  const publicKey = await publicKeyOf(server);
  const hash = await hashPassword(TEST_PASSWORD);
  // Warm-up: first calls pay for JIT and the decoy hash.
  await verify(hash, TEST_PASSWORD);
  await postForm(server, '/api/uc/user/ValidateCardByPass', encryptCard(publicKey, '10000001', TEST_PASSWORD));

  const baseline: number[] = [];
  const logins: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    if (!(await verify(hash, TEST_PASSWORD))) throw new Error('baseline verify failed');
    baseline.push(performance.now() - started);

    // The payload is made by the client: only the server's part is timed.
    const form = encryptCard(publicKey, '10000001', TEST_PASSWORD);
    started = performance.now();
    const response = await postForm(server, '/api/uc/user/ValidateCardByPass', form, {
      remoteAddress: `10.8.0.${run}`,
    });
    logins.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`log-in failed: ${response.body}`);
  }
  const login = median(logins);
  const bare = median(baseline);
  process.stdout.write(`card log-in, server time, median of ${RUNS}: ${login.toFixed(1)} ms\n`);
  process.stdout.write(`bare argon2id verify (m=19 MiB, t=2, p=1), median of ${RUNS}: ${bare.toFixed(1)} ms\n`);
  process.stdout.write(`ratio log-in / argon2 verify: ${(login / bare).toFixed(2)}\n`);
} finally {
  await server.close();
}
