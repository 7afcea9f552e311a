import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { CreditProofTable, Database } from '../../db/schema';

export type ProofRow = Selectable<CreditProofTable>;
/** Every column but the PDF, which only a download reads. */
const SUMMARY_COLUMNS = [
  'id',
  'code',
  'cardNo',
  'holderName',
  'school',
  'recordIds',
  'recordCount',
  'totalCredits',
  'issueTime',
  'validUntil',
  'revokeTime',
] as const;
export type ProofSummaryRow = Omit<ProofRow, 'pdf'>;

export const insertProof = async (trx: Kysely<Database>, row: Insertable<CreditProofTable>) =>
  Number((await trx.insertInto('creditProof').values(row).returning('id').executeTakeFirstOrThrow()).id);

export const findProofByCode = (db: Kysely<Database>, code: string): Promise<ProofSummaryRow | undefined> =>
  db.selectFrom('creditProof').select(SUMMARY_COLUMNS).where('code', '=', code).executeTakeFirst();

/** One of the card's proofs; another card's proof is not found. */
export const findCardProof = (db: Kysely<Database>, cardNo: string, id: number): Promise<ProofSummaryRow | undefined> =>
  db
    .selectFrom('creditProof')
    .select(SUMMARY_COLUMNS)
    .where('id', '=', id)
    .where('cardNo', '=', cardNo)
    .executeTakeFirst();

export const findProofPdf = async (db: Kysely<Database>, cardNo: string, id: number) =>
  (await db
    .selectFrom('creditProof')
    .select(['pdf', 'code'])
    .where('id', '=', id)
    .where('cardNo', '=', cardNo)
    .executeTakeFirst()) ?? null;

/** The card's proofs, newest first. */
export const listCardProofs = (db: Kysely<Database>, cardNo: string): Promise<ProofSummaryRow[]> =>
  db.selectFrom('creditProof').select(SUMMARY_COLUMNS).where('cardNo', '=', cardNo).orderBy('id', 'desc').execute();

/** Revokes it unless already revoked; false when it was. */
export const revokeProof = async (trx: Kysely<Database>, id: number, at: string) => {
  const result = await trx
    .updateTable('creditProof')
    .set({ revokeTime: at })
    .where('id', '=', id)
    .where('revokeTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/**
 * What the kept check page needs to know of a proof, with its holder's ledger version, in one indexed read:
 * the version grows with every write that changes what the page shows of this holder (a revocation, a
 * reversal, a name). 0 for a holder nothing was ever counted for. Written as SQL: it runs on every visit of
 * the page, and building the join through the query builder cost several times the read itself.
 */
export const findProofForCheck = async (db: Kysely<Database>, code: string) => {
  const { rows } = await sql<{
    id: number | string;
    validUntil: string;
    revokeTime: string | null;
    version: number | string | null;
  }>`select p.id, p.valid_until as "validUntil", p.revoke_time as "revokeTime", v.version
    from credit_proof p left join holder_ledger_version v on v.card_no = p.card_no
    where p.code = ${code}`.execute(db);
  const row = rows[0];
  // pg answers bigint columns as text.
  return row && { ...row, id: Number(row.id), version: Number(row.version ?? 0) };
};
