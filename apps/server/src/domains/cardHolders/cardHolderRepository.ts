import type { UcUserInfo } from '@lianmeng/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CardHolderTable, Database } from '../../db/schema';

export type CardHolderRow = Selectable<CardHolderTable>;

/** A holder with the status of the institution its account acts for (null: none). */
const holders = (db: Kysely<Database>) =>
  db
    .selectFrom('cardHolder')
    .leftJoin('institution', 'institution.id', 'cardHolder.institutionId')
    .selectAll('cardHolder')
    .select('institution.status as institutionStatus');

export const findCardHolder = (db: Kysely<Database>, cardNo: string) =>
  holders(db).where('cardHolder.cardNo', '=', cardNo).executeTakeFirst();

/** The card with its holder's ledger version (0 for a holder nothing was recorded for), in one read. */
export const findCardHolderWithLedgerVersion = async (db: Kysely<Database>, cardNo: string) => {
  const row = await holders(db)
    .leftJoin('holderLedgerVersion', 'holderLedgerVersion.cardNo', 'cardHolder.cardNo')
    .select('holderLedgerVersion.version as ledgerVersion')
    .where('cardHolder.cardNo', '=', cardNo)
    .executeTakeFirst();
  // pg answers bigint columns as text.
  return row && { ...row, ledgerVersion: Number(row.ledgerVersion ?? 0) };
};

/** Every card of a phone, in card-number order. */
export const findCardHoldersByPhone = (db: Kysely<Database>, phone: string) =>
  holders(db).where('cardHolder.phone', '=', phone).orderBy('cardHolder.cardNo').execute();

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

/** A disabled institution's accounts no longer act for it: their flag reads false until it is enabled again. */
export const toUcUserInfo = (row: CardHolderRow & { institutionStatus?: string | null }): UcUserInfo => ({
  cardNo: row.cardNo,
  name: row.name,
  school: row.school,
  phone: row.phone,
  operator: row.operator === 1,
  institution: row.institution === 1 && row.institutionStatus !== 'disabled',
});

/** Many rows at once (the demo seed and the test factories). */
export const insertCardHolders = async (db: Kysely<Database>, rows: Insertable<CardHolderTable>[]) => {
  if (rows.length > 0) await db.insertInto('cardHolder').values(rows).execute();
};

/** The holders with one of these names born on one of these days (a roster's matching candidates). */
export const findHoldersByNameAndBirth = (db: Kysely<Database>, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('cardHolder')
        .select(['cardNo', 'name', 'birthDate', 'phone', 'rosterPhone', 'guardianPhone', 'activationState'])
        .where('name', 'in', names)
        .where('birthDate', 'is not', null)
        .execute();

/** Sets a card's roles; `institutionId` is the institution an institution account acts for. */
export const updateCardRoles = (
  db: Kysely<Database>,
  cardNo: string,
  roles: { institution: number; institutionId: number | null; operator: number },
  at: string,
) =>
  db
    .updateTable('cardHolder')
    .set({ ...roles, updateTime: at })
    .where('cardNo', '=', cardNo)
    .execute();

/** Makes a pending card active with its verified phone and password; false when it was not pending. */
export const activateCardHolder = async (
  db: Kysely<Database>,
  cardNo: string,
  values: { phone: string; passwordHash: string },
  at: string,
) => {
  const result = await db
    .updateTable('cardHolder')
    .set({ ...values, activationState: 'active', activatedTime: at, updateTime: at })
    .where('cardNo', '=', cardNo)
    .where('activationState', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
