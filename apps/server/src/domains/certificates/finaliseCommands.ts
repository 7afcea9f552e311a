import { AWARD_LABELS, type Award, certificateNoOf, type FinalEvent } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db, WriteLocks } from '../../db/database';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/apiError';
import { recordCardAudits } from '../audit/auditRepository';
import { findCatalogueRow } from '../credits/catalogueRepository';
import { insertLedgerRecords, kindLabel, lockRecordsByCertificates } from '../credits/ledgerRepository';
import { beijingDate } from '../credits/policy';
import { postRecords, type Reviewer } from '../credits/reviewCommands';
import { findInstitutionRow } from '../institutions/institutionRepository';
import { objectionDeadlineOf } from '../results/resultCommands';
import {
  awardedMemberCounts,
  awardedMembersOf,
  findEventWithNames,
  lockFinalEvent,
  openObjectionCounts,
  publishedEvents,
  setFinal,
} from '../results/resultRepository';
import { certificateCounts, insertCertificates } from './certificateRepository';
import { finalStateLabel, finalStateOf, FINAL_REFUSALS as REFUSALS } from './policy';

type PublishedEventRow = NonNullable<Awaited<ReturnType<typeof findEventWithNames>>>;

const finalEventsOf = async (db: Kysely<Database>, rows: PublishedEventRow[], now: Date): Promise<FinalEvent[]> => {
  const ids = rows.map((row) => Number(row.id));
  const [objections, awarded, certificates] = await Promise.all([
    openObjectionCounts(db, ids),
    awardedMemberCounts(db, ids),
    certificateCounts(db, ids),
  ]);
  return rows.map((row) => {
    const id = Number(row.id);
    const deadline = objectionDeadlineOf(row);
    const open = objections.get(id) ?? 0;
    const state = finalStateOf(row, deadline, open, now);
    return {
      eventId: id,
      eventName: row.name,
      season: row.season,
      level: row.level,
      organizerName: row.organizerName,
      catalogueItemName: row.catalogueItemName,
      publishedTime: row.resultsPublishedTime ?? '',
      objectionDeadline: deadline ?? '',
      openObjections: open,
      awardedMembers: awarded.get(id) ?? 0,
      creditsEach: Number(row.defaultCredits),
      state,
      stateLabel: finalStateLabel(state),
      finalTime: row.resultsFinalTime,
      certificateCount: certificates.get(id) ?? 0,
    };
  });
};

/** The events whose results were published, for the operator: not yet final first. */
export const listFinalEvents = async (db: Kysely<Database>, page: Page, now: Date) => {
  const { rows, total } = await publishedEvents(db, page);
  return { list: await finalEventsOf(db, rows, now), total };
};

const finalEventOf = async (db: Kysely<Database>, eventId: number, now: Date) => {
  const row = await findEventWithNames(db, eventId);
  if (!row) throw notFound(REFUSALS.eventNotFound);
  const [event] = await finalEventsOf(db, [row], now);
  if (!event) throw notFound(REFUSALS.eventNotFound);
  return event;
};

/**
 * Makes an event's results final, once: after its objection period, with every objection answered, by an
 * operator not of the organising institution. In one transaction each member of a team with an award gets a
 * certificate numbered in the event's order (item, rank, team, member) and a ledger record of the event's
 * catalogue item — recorded by the organiser, submitted by whoever entered the result, posted with this
 * operator as its reviewer, so totals and the holders' messages change with it — and the event is marked
 * final. The event row is locked: of two operators at once, the second gets 409 and nothing is doubled (the
 * certificates' unique indexes would refuse a double as well).
 */
export const finaliseResults = async (db: Db, reviewer: Reviewer, eventId: number, now: Date) => {
  const sms = await db.writeTransaction((trx, locks) => finaliseWithin(trx, locks, reviewer, eventId, now));
  return { event: await finalEventOf(db.kysely, eventId, now), sms };
};

/** {@link finaliseResults} within a transaction of the caller's (the demo seed makes its finished event so). */
export const finaliseWithin = async (
  trx: Kysely<Database>,
  locks: WriteLocks,
  reviewer: Reviewer,
  eventId: number,
  now: Date,
) => {
  const event = await lockFinalEvent(trx, locks, eventId);
  if (!event) throw notFound(REFUSALS.eventNotFound);
  const organizerId = Number(event.organizerId);
  if (reviewer.ownInstitutionId === organizerId) throw forbidden(REFUSALS.ownEvent);
  if (event.resultsFinalTime !== null) throw new ApiError(409, REFUSALS.finalTwice);
  const deadline = objectionDeadlineOf(event);
  if (event.resultsPublishedTime === null || deadline === null) throw new ApiError(409, REFUSALS.notPublished);
  if (now.getTime() < Date.parse(deadline)) throw new ApiError(409, REFUSALS.objectionPeriod(deadline));
  const open = (await openObjectionCounts(trx, [eventId])).get(eventId) ?? 0;
  if (open > 0) throw new ApiError(409, REFUSALS.openObjections(open));
  const item = await findCatalogueRow(trx, Number(event.catalogueId));
  if (item?.status !== 'active') throw new ApiError(409, REFUSALS.itemRetired(item?.name ?? ''));
  const members = await awardedMembersOf(trx, eventId);
  if (members.length === 0) throw new ApiError(409, REFUSALS.nobodyAwarded);
  const organiser = await findInstitutionRow(trx, organizerId);
  const at = now.toISOString();
  // The award is dated by the publication of the results it comes from.
  const date = beijingDate(new Date(event.resultsPublishedTime));
  const credits = Number(item.defaultCredits);

  // Written together (a district meeting may award thousands), then read back by their certificate numbers,
  // which are new and unique to the organiser.
  const numbered = members.map((member, index) => ({
    ...member,
    certificateNo: certificateNoOf(event.season, eventId, index + 1),
  }));
  await insertLedgerRecords(
    trx,
    numbered.map((member) => ({
      cardNo: member.cardNo,
      date,
      activity: `${event.name}·${member.itemName}·${AWARD_LABELS[member.award as Award] ?? ''}`,
      category: kindLabel(item.kind),
      credits,
      issuer: organiser?.name ?? '',
      certificateNo: member.certificateNo,
      state: 'submitted',
      institutionId: organizerId,
      catalogueId: Number(item.id),
      kind: item.kind,
      level: event.level,
      submittedBy: member.enteredBy,
      submitTime: at,
    })),
  );
  const records = await lockRecordsByCertificates(
    trx,
    locks.forUpdate,
    organizerId,
    numbered.map((member) => member.certificateNo),
  );
  const recordOf = new Map(records.map((record) => [record.certificateNo, Number(record.id)]));
  const certificates = numbered.map((member) => ({
    certificateNo: member.certificateNo,
    eventId,
    teamId: member.teamId,
    cardNo: member.cardNo,
    holderName: member.holderName,
    award: member.award,
    recordId: recordOf.get(member.certificateNo) ?? 0,
    issueTime: at,
  }));
  const notices = await postRecords(trx, locks, records, reviewer, now);
  await insertCertificates(trx, certificates);
  await setFinal(trx, eventId, at, reviewer.cardNo);
  await recordCardAudits(trx, [
    {
      cardNo: reviewer.cardNo,
      action: 'finalise',
      targetType: 'matchEvent',
      targetId: eventId,
      detail: { eventId, organizerId, certificates: certificates.length, creditsEach: credits, result: 'ok' },
      at: now,
    },
    ...certificates.map((certificate) => ({
      cardNo: reviewer.cardNo,
      action: 'approve' as const,
      targetType: 'creditRecord' as const,
      targetId: certificate.recordId,
      detail: {
        institutionId: organizerId,
        holder: certificate.cardNo,
        credits,
        eventId,
        certificateNo: certificate.certificateNo,
        result: 'ok',
      },
      holderCardNo: certificate.cardNo,
      at: now,
    })),
  ]);
  return notices;
};
