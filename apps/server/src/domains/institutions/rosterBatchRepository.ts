import type { RosterBatch } from '@lianmeng/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import { listPage, type Page } from '../../db/listPage';
import type { Database, RosterBatchTable } from '../../db/schema';

export const findBatchByFile = (db: Kysely<Database>, institutionId: number, fileHash: string) =>
  db
    .selectFrom('rosterBatch')
    .selectAll()
    .where('institutionId', '=', institutionId)
    .where('fileHash', '=', fileHash)
    .executeTakeFirst();

/** A batch of this institution; another institution's batch is not found. */
export const findBatch = (db: Kysely<Database>, institutionId: number, id: number) =>
  db
    .selectFrom('rosterBatch')
    .selectAll()
    .where('institutionId', '=', institutionId)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertBatch = (db: Kysely<Database>, row: Insertable<RosterBatchTable>) =>
  db.insertInto('rosterBatch').values(row).returning('id').executeTakeFirstOrThrow();

export const listBatches = async (
  db: Kysely<Database>,
  institutionId: number,
  page: Page,
): Promise<{ list: RosterBatch[]; total: number }> => {
  const { rows, total } = await listPage(
    () => db.selectFrom('rosterBatch as b').where('b.institutionId', '=', institutionId),
    (builder) =>
      builder
        .selectAll('b')
        .select((eb) =>
          eb
            .selectFrom('institutionMember as m')
            .select(sql<string | number>`count(*)`.as('n'))
            .whereRef('m.batchId', '=', 'b.id')
            .where('m.activationState', '=', 'pending')
            .as('pending'),
        )
        .orderBy('b.id', 'desc'),
    page,
  );
  return {
    list: rows.map((row) => ({
      id: Number(row.id),
      fileName: row.fileName,
      rows: row.rowCount,
      opened: row.opened,
      linked: row.linked,
      pending: Number(row.pending ?? 0),
      createTime: row.createTime,
      createdBy: row.createdBy,
    })),
    total,
  };
};
