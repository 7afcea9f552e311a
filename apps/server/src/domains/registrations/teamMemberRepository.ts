import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A team's members in their order, with the names and grades their holders carry. */
export const membersOfTeam = (db: Kysely<Database>, teamId: number) =>
  db
    .selectFrom('matchTeamMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .select(['m.cardNo', 'h.name', 'h.grade'])
    .where('m.teamId', '=', teamId)
    .orderBy('m.position')
    .execute();

export const memberCountOf = async (db: Kysely<Database>, teamId: number) =>
  Number(
    (
      await db
        .selectFrom('matchTeamMember')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('teamId', '=', teamId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Which of these cards belong to the institution (active or not yet activated), with their holders' names. */
export const institutionPupils = async (db: Kysely<Database>, institutionId: number, cardNos: string[]) => {
  const rows = await db
    .selectFrom('institutionMember as m')
    .innerJoin('cardHolder as h', 'h.cardNo', 'm.cardNo')
    .select(['m.cardNo', 'h.name'])
    .where('m.institutionId', '=', institutionId)
    .where('m.cardNo', 'in', cardNos)
    .where('m.activationState', 'in', ['active', 'pending'])
    .execute();
  return new Map(rows.map((row) => [row.cardNo, row.name]));
};

/** Teams of the item other than `exceptTeamId` that already hold one of these cards, with whose team it is. */
export const cardsTakenInItem = (db: Kysely<Database>, itemId: number, cardNos: string[], exceptTeamId: number) =>
  db
    .selectFrom('matchTeamMember as m')
    .innerJoin('matchTeam as t', 't.id', 'm.teamId')
    .select(['m.cardNo', 't.name as teamName', 't.institutionId'])
    .where('m.itemId', '=', itemId)
    .where('m.cardNo', 'in', cardNos)
    .where('m.teamId', '!=', exceptTeamId)
    .execute();

/** The team's members become these cards, in this order. */
export const replaceMembers = async (trx: Kysely<Database>, teamId: number, itemId: number, cardNos: string[]) => {
  await deleteMembers(trx, teamId);
  await trx
    .insertInto('matchTeamMember')
    .values(cardNos.map((cardNo, position) => ({ teamId, itemId, cardNo, position })))
    .execute();
};

export const deleteMembers = (trx: Kysely<Database>, teamId: number) =>
  trx.deleteFrom('matchTeamMember').where('teamId', '=', teamId).execute();

export const memberCardsOf = async (db: Kysely<Database>, teamId: number) =>
  (
    await db.selectFrom('matchTeamMember').select('cardNo').where('teamId', '=', teamId).orderBy('position').execute()
  ).map((row) => row.cardNo);
