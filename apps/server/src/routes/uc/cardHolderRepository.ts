import type { UcUserInfo } from '@lianmeng/core';
import type { Kysely, Selectable } from 'kysely';
import type { CardHolderTable, Database } from '../../db/schema';

export type CardHolderRow = Selectable<CardHolderTable>;

export const findCardHolder = (db: Kysely<Database>, cardNo: string) =>
  db.selectFrom('cardHolder').selectAll().where('cardNo', '=', cardNo).executeTakeFirst();

/** Every card of a phone, in card-number order. */
export const findCardHoldersByPhone = (db: Kysely<Database>, phone: string) =>
  db.selectFrom('cardHolder').selectAll().where('phone', '=', phone).orderBy('cardNo').execute();

export const updateCardPassword = (db: Kysely<Database>, cardNo: string, passwordHash: string, at: string) =>
  db.updateTable('cardHolder').set({ passwordHash, updateTime: at }).where('cardNo', '=', cardNo).execute();

export const toUcUserInfo = (row: CardHolderRow): UcUserInfo => ({
  cardNo: row.cardNo,
  name: row.name,
  school: row.school,
  phone: row.phone,
  operator: row.operator === 1,
  institution: row.institution === 1,
});
