import type { UcUserInfo } from '@lianmeng/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CardHolderTable, Database } from '../../db/schema';

export type CardHolderRow = Selectable<CardHolderTable>;

export const findCardHolder = (db: Kysely<Database>, cardNo: string) =>
  db.selectFrom('cardHolder').selectAll().where('cardNo', '=', cardNo).executeTakeFirst();

/** Every card of a phone, in card-number order. */
export const findCardHoldersByPhone = (db: Kysely<Database>, phone: string) =>
  db.selectFrom('cardHolder').selectAll().where('phone', '=', phone).orderBy('cardNo').execute();

/**
 * Sets a card's password. With `replacing`, only if the stored hash is still the one the caller checked
 * the old password against: of two changes made at once with the same old password, one wins. True when
 * the row was written.
 */
export const updateCardPassword = async (
  db: Kysely<Database>,
  cardNo: string,
  passwordHash: string,
  at: string,
  replacing?: string,
) => {
  let query = db.updateTable('cardHolder').set({ passwordHash, updateTime: at }).where('cardNo', '=', cardNo);
  if (replacing !== undefined) query = query.where('passwordHash', '=', replacing);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const toUcUserInfo = (row: CardHolderRow): UcUserInfo => ({
  cardNo: row.cardNo,
  name: row.name,
  school: row.school,
  phone: row.phone,
  operator: row.operator === 1,
  institution: row.institution === 1,
});

/** Many rows at once (the demo seed and the test factories). */
export const insertCardHolders = async (db: Kysely<Database>, rows: Insertable<CardHolderTable>[]) => {
  if (rows.length > 0) await db.insertInto('cardHolder').values(rows).execute();
};
