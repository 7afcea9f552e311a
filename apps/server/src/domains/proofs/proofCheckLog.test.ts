import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardHolder } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { createProofCheckLog } from './proofCheckLog';
import { insertProof } from './proofRepository';

/** The checks wait in the process and are written together: by the timer, on flush and on close, none lost. */
let server: TestServer;
let proofId: number;

beforeAll(async () => {
  server = await createTestServer();
  await buildCardHolder(server.db, { cardNo: '93000001', phone: '13900000001' });
  proofId = await insertProof(server.db.kysely, {
    code: 'ABCDEFGHJKLMNPQR',
    cardNo: '93000001',
    holderName: '李四',
    school: '',
    recordIds: '[]',
    recordCount: 0,
    totalCredits: 0,
    issueTime: new Date().toISOString(),
    validUntil: '2099-12-31',
    revokeTime: null,
    pdf: Buffer.from(''),
  });
});
afterAll(() => server?.close());

const written = async () => ({
  checks: (await server.db.kysely.selectFrom('creditProofCheck').select('id').where('proofId', '=', proofId).execute())
    .length,
  audited: (
    await server.db.kysely
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'proof-check')
      .where('targetId', '=', String(proofId))
      .execute()
  ).length,
});

describe('the proof check log', () => {
  it('writes nothing at once, everything on flush, then by its timer, and what is left on close', async () => {
    const log = createProofCheckLog(server.db, server.app.log, 50);
    log.add(proofId, 'valid', new Date());
    log.add(proofId, 'expired', new Date());
    expect(await written()).toEqual({ checks: 0, audited: 0 });
    await log.flush();
    expect(await written()).toEqual({ checks: 2, audited: 2 });

    log.add(proofId, 'valid', new Date());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await written()).toEqual({ checks: 3, audited: 3 });

    // More than one statement's rows, left for close.
    for (let index = 0; index < 1200; index += 1) log.add(proofId, 'valid', new Date());
    await log.close();
    expect(await written()).toEqual({ checks: 1203, audited: 1203 });
  });
});
