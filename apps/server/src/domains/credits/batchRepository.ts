import type { Insertable, Kysely } from 'kysely';
import type { CreditBatchTable, Database } from '../../db/schema';

/** The `credit_batch` table: one row per committed credit spreadsheet. */
export const findCreditBatchByFile = (db: Kysely<Database>, institutionId: number, fileHash: string) =>
  db
    .selectFrom('creditBatch')
    .selectAll()
    .where('institutionId', '=', institutionId)
    .where('fileHash', '=', fileHash)
    .executeTakeFirst();

export const insertCreditBatch = (db: Kysely<Database>, row: Insertable<CreditBatchTable>) =>
  db.insertInto('creditBatch').values(row).returning('id').executeTakeFirstOrThrow();

/** The batch row, locked until the transaction ends: two reviewers of one batch take turns. */
export const lockCreditBatch = (
  db: Kysely<Database>,
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q,
  id: number,
) => forUpdate(db.selectFrom('creditBatch').selectAll().where('id', '=', id)).executeTakeFirst();

export const decideCreditBatches = async (db: Kysely<Database>, ids: number[], by: string, at: string) => {
  if (ids.length === 0) return;
  await db
    .updateTable('creditBatch')
    .set({ state: 'decided', decidedBy: by, decidedTime: at })
    .where('id', 'in', ids)
    .where('state', '=', 'submitted')
    .execute();
};

/** Batches still waiting, with how many of their records wait and their credits; `since`/`before` are instants. */
export const submittedBatches = (
  db: Kysely<Database>,
  filter: { institutionId?: number; since?: string; before?: string },
) => {
  let query = db
    .selectFrom('creditBatch as b')
    .innerJoin('institution as i', 'i.id', 'b.institutionId')
    .innerJoin('creditRecord as r', (join) => join.onRef('r.batchId', '=', 'b.id').on('r.state', '=', 'submitted'))
    .where('b.state', '=', 'submitted');
  if (filter.institutionId) query = query.where('b.institutionId', '=', filter.institutionId);
  if (filter.since) query = query.where('b.createTime', '>=', filter.since);
  if (filter.before) query = query.where('b.createTime', '<', filter.before);
  return query
    .select((eb) => [
      'b.id',
      'b.institutionId',
      'i.name as institutionName',
      'b.fileName',
      'b.createdBy',
      'b.createTime',
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>('r.credits').as('credits'),
    ])
    .groupBy(['b.id', 'b.institutionId', 'i.name', 'b.fileName', 'b.createdBy', 'b.createTime'])
    .execute();
};
