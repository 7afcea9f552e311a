import type { ProofState } from '@lianmeng/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { recordAudits } from '../audit/auditRepository';
import { insertProofChecks } from './proofCheckRepository';

/** How long a check waits in a process before it is written, with every other check of that second. */
const PROOF_CHECK_FLUSH_MS = 1000;
/** Rows per insert statement: well under both databases' limit on bound values (7 a row). */
const ROWS_PER_INSERT = 500;

interface PendingCheck {
  proofId: number;
  verdict: ProofState;
  at: string;
}

/**
 * The public checks of proofs: each counts for its holder's list (when, never by whom) and is audited
 * (`proof-check`, naming no one). A popular proof is checked thousands of times a second at most, and a
 * transaction per check would be most of each check's cost: the checks wait here and are written together,
 * every PROOF_CHECK_FLUSH_MS and when the server closes, in one transaction (the checks and their audit rows
 * together or neither). Whoever reads them in this process (the holder's list) flushes first and sees every
 * one; another process sees them within PROOF_CHECK_FLUSH_MS; a process killed outright loses the last
 * second's.
 */
export interface ProofCheckLog {
  add(proofId: number, verdict: ProofState, at: Date): void;
  /** Writes every check added so far (and waits for a write already under way). */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

export const createProofCheckLog = (db: Db, log: FastifyBaseLogger, everyMs = PROOF_CHECK_FLUSH_MS): ProofCheckLog => {
  let pending: PendingCheck[] = [];
  let timer: NodeJS.Timeout | null = null;
  // One write at a time, in the order the checks came: a flush waits for the ones before it.
  let writing: Promise<void> = Promise.resolve();

  const write = (batch: PendingCheck[]) =>
    db.writeTransaction(async (trx) => {
      for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
        const rows = batch.slice(start, start + ROWS_PER_INSERT);
        await insertProofChecks(
          trx,
          rows.map((check) => ({ proofId: check.proofId, checkTime: check.at })),
        );
        // Checked by anyone: the entries name no one.
        await recordAudits(
          trx,
          rows.map((check) => ({
            user: null,
            action: 'proof-check',
            targetType: 'creditProof',
            targetId: check.proofId,
            detail: { result: check.verdict },
            at: new Date(check.at),
          })),
        );
      }
    });

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    const next = writing.then(() => (batch.length > 0 ? write(batch) : undefined));
    // A failed write is logged (its checks are lost, as a crash would lose them) and the next goes on.
    writing = next.catch((error: unknown) => {
      log.error({ err: error, checks: batch.length }, 'proof checks could not be written');
    });
    return writing;
  };

  return {
    add(proofId, verdict, at) {
      pending.push({ proofId, verdict, at: at.toISOString() });
      // Unref'd: a pending batch never keeps a process alive that is otherwise done; close() writes it.
      timer ??= setTimeout(flush, everyMs).unref();
    },
    flush,
    close: flush,
  };
};
