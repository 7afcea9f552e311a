import type { Insertable, Kysely } from 'kysely';
import type { Page } from '../../db/listPage';
import type { Database, MatchCertificateTable } from '../../db/schema';

/**
 * The one data-access home of `match_certificate`: rows are written once, when an event's results become final,
 * and never changed; the credit they posted may later be reversed in the ledger like any other.
 */
export const insertCertificates = async (trx: Kysely<Database>, rows: Insertable<MatchCertificateTable>[]) => {
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('matchCertificate')
      .values(rows.slice(start, start + 500))
      .execute();
  }
};

/** Certificates with what a certificate shows: event, item, team, award, schools, the credit it posted. */
const withNames = (db: Kysely<Database>) =>
  db
    .selectFrom('matchCertificate as c')
    .innerJoin('matchEvent as e', 'e.id', 'c.eventId')
    .innerJoin('matchTeam as t', 't.id', 'c.teamId')
    .innerJoin('matchEventItem as i', 'i.id', 't.itemId')
    .innerJoin('institution as s', 's.id', 't.institutionId')
    .innerJoin('institution as o', 'o.id', 'e.organizerId')
    .innerJoin('creditRecord as r', 'r.id', 'c.recordId')
    .leftJoin('matchResult as m', 'm.teamId', 'c.teamId')
    .select([
      'c.id',
      'c.certificateNo',
      'c.eventId',
      'c.cardNo',
      'c.holderName',
      'c.award',
      'c.recordId',
      'c.issueTime',
      'e.name as eventName',
      'e.season',
      'e.type',
      'e.level',
      'e.approvalNo',
      'i.name as itemName',
      't.name as teamName',
      't.institutionId',
      's.name as institutionName',
      'o.name as organizerName',
      'e.organizerId',
      'r.credits',
      'm.rank',
    ]);

export type CertificateRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

const ordered = <Q extends ReturnType<typeof withNames>>(query: Q) =>
  query.orderBy('c.issueTime', 'desc').orderBy('c.id');

/** The holder's certificates, newest first. */
export const certificatesOfCard = (db: Kysely<Database>, cardNo: string) =>
  ordered(withNames(db).where('c.cardNo', '=', cardNo)).execute();

export const findCardCertificate = (db: Kysely<Database>, cardNo: string, id: number) =>
  withNames(db).where('c.id', '=', id).where('c.cardNo', '=', cardNo).executeTakeFirst();

/** The certificate with this number, if it is a match certificate. */
export const findCertificateByNo = (db: Kysely<Database>, certificateNo: string) =>
  withNames(db).where('c.certificateNo', '=', certificateNo).executeTakeFirst();

/** Certificates an institution may see: its own teams' members', and those of the events it organises. */
const ofInstitution = (db: Kysely<Database>, institutionId: number) =>
  withNames(db).where((eb) =>
    eb.or([eb('t.institutionId', '=', institutionId), eb('e.organizerId', '=', institutionId)]),
  );

export const certificatesOfInstitution = async (
  db: Kysely<Database>,
  institutionId: number,
  eventId: number | undefined,
  page: Page,
) => {
  let query = ofInstitution(db, institutionId);
  if (eventId !== undefined) query = query.where('c.eventId', '=', eventId);
  const [rows, total] = await Promise.all([
    ordered(query).limit(page.limit).offset(page.offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
};

/** A certificate of one of the institution's own teams: only the holder's school prints it. */
export const findOwnTeamCertificate = (db: Kysely<Database>, institutionId: number, id: number) =>
  withNames(db).where('c.id', '=', id).where('t.institutionId', '=', institutionId).executeTakeFirst();

/** How many certificates each event issued. */
export const certificateCounts = async (db: Kysely<Database>, eventIds: number[]) => {
  if (eventIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('matchCertificate')
    .select(['eventId', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('eventId', 'in', eventIds)
    .groupBy('eventId')
    .execute();
  return new Map(rows.map((row) => [Number(row.eventId), Number(row.n)]));
};
