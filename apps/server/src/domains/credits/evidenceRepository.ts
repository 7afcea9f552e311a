import type { Insertable, Kysely } from 'kysely';
import type { CreditEvidenceTable, Database } from '../../db/schema';

/** The `credit_evidence` table: evidence files, kept in the database and shown only through the credit calls. */
export const insertEvidence = (db: Kysely<Database>, row: Insertable<CreditEvidenceTable>) =>
  db.insertInto('creditEvidence').values(row).returning('id').executeTakeFirstOrThrow();

/** Evidence an institution uploaded; another institution's is not found. */
export const findEvidenceOf = (db: Kysely<Database>, institutionId: number, id: number) =>
  db
    .selectFrom('creditEvidence')
    .select(['id', 'fileName', 'contentType', 'size'])
    .where('institutionId', '=', institutionId)
    .where('id', '=', id)
    .executeTakeFirst();

export const evidenceFile = async (db: Kysely<Database>, id: number) => {
  const row = await db
    .selectFrom('creditEvidence')
    .select(['fileName', 'contentType', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { fileName: row.fileName, mimeType: row.contentType, base64: Buffer.from(row.data).toString('base64') }
    : null;
};
