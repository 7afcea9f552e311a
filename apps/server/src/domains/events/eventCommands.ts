import {
  type ConsoleEvent,
  type ConsoleUser,
  CREDIT_KIND_LABELS,
  type CreditKind,
  EVENT_CATALOGUE_KINDS,
  type eventCreateBody,
  type eventItemInput,
  type eventUpdateBody,
  eventWindowIssue,
} from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/apiError';
import { auditTarget } from '../audit/auditRepository';
import { insertEventItems, itemRowsOfEvent, updateEventItem } from './eventItemRepository';
import { findConsoleEvent } from './eventRepository';
import { EVENT_REFUSALS, isCalendarDate, storedInstant, windowRefusal } from './policy';

type Actor = ConsoleUser | null;
type ItemInput = z.output<typeof eventItemInput>;
const auditEvent = auditTarget('matchEvent');

/** The organiser is an institution in use; read under the transaction's lock so it cannot be disabled meanwhile. */
const checkOrganizer = async (trx: Kysely<Database>, locks: WriteLocks, organizerId: number) => {
  const organizer = await locks
    .forUpdate(trx.selectFrom('institution').select(['status']).where('id', '=', organizerId))
    .executeTakeFirst();
  if (!organizer) throw badRequest(EVENT_REFUSALS.organizerUnknown);
  if (organizer.status !== 'active') throw badRequest(EVENT_REFUSALS.organizerDisabled);
};

/** Awards post as credit under a catalogue item in use, of a sports meeting or a competition at the event's level. */
const checkCatalogue = async (trx: Kysely<Database>, locks: WriteLocks, catalogueId: number, level: string) => {
  const item = await locks
    .forUpdate(trx.selectFrom('creditCatalogue').select(['kind', 'level', 'status']).where('id', '=', catalogueId))
    .executeTakeFirst();
  if (!item) throw badRequest(EVENT_REFUSALS.catalogueUnknown);
  if (item.status !== 'active') throw badRequest(EVENT_REFUSALS.catalogueRetired);
  if (!(EVENT_CATALOGUE_KINDS as readonly string[]).includes(item.kind)) {
    const kind = CREDIT_KIND_LABELS[item.kind as CreditKind] ?? item.kind;
    throw badRequest(`${EVENT_REFUSALS.catalogueKind}（所选为${kind}）`);
  }
  if (item.level !== level) throw badRequest(EVENT_REFUSALS.catalogueLevel(item.level, level));
};

/** The window as stored (UTC instants) and checked as a whole, whichever of its ends the body changed. */
const checkedWindow = (window: { registrationOpens: string; registrationCloses: string; resultsFrom: string }) => {
  const registrationOpens = storedInstant(window.registrationOpens);
  if (!registrationOpens) throw badRequest(EVENT_REFUSALS.opensInvalid);
  const registrationCloses = storedInstant(window.registrationCloses);
  if (!registrationCloses) throw badRequest(EVENT_REFUSALS.closesInvalid);
  if (!isCalendarDate(window.resultsFrom)) throw badRequest(EVENT_REFUSALS.resultsFromInvalid);
  const stored = { registrationOpens, registrationCloses, resultsFrom: window.resultsFrom };
  const issue = eventWindowIssue(stored);
  if (issue) throw badRequest(windowRefusal(issue));
  return stored;
};

const itemValues = (item: ItemInput, position: number) => ({
  name: item.name,
  minMembers: item.minMembers,
  maxMembers: item.maxMembers,
  needsReport: item.needsReport ? 1 : 0,
  needsPhotos: item.needsPhotos ? 1 : 0,
  needsVideo: item.needsVideo ? 1 : 0,
  position,
});

export const createEvent = async (
  db: Db,
  input: z.output<typeof eventCreateBody>,
  actor: Actor,
  now: Date,
): Promise<ConsoleEvent> => {
  const window = checkedWindow(input);
  // A new event has no items yet to keep: an id in its list names an item of another event.
  const withId = input.items.find((item) => item.id !== undefined);
  if (withId?.id !== undefined) throw badRequest(EVENT_REFUSALS.itemUnknown(withId.id));
  const id = await db.writeTransaction(async (trx, locks) => {
    await checkOrganizer(trx, locks, input.organizerId);
    await checkCatalogue(trx, locks, input.catalogueId, input.level);
    const at = now.toISOString();
    const { items, visible, ...fields } = input;
    const row = await trx
      .insertInto('matchEvent')
      .values({ ...fields, ...window, visible: visible ? 1 : 0, createTime: at, updateTime: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const eventId = Number(row.id);
    await insertEventItems(
      trx,
      items.map((item, position) => ({ eventId, ...itemValues(item, position) })),
    );
    await auditEvent(trx, { user: actor, at: now }, 'insert', eventId, { ...input, ...window });
    return eventId;
  });
  return findConsoleEvent(db.kysely, id, now);
};

/**
 * Applies the item list of an update: every item the event has must be in it (its id kept; teams will
 * hang on it), edited as the list says; items without an id are added; the list's order is the items'.
 */
const applyItems = async (trx: Kysely<Database>, eventId: number, items: ItemInput[]) => {
  const existing = await itemRowsOfEvent(trx, eventId);
  const known = new Map(existing.map((row) => [Number(row.id), row]));
  const seen = new Set<number>();
  for (const item of items) {
    if (item.id === undefined) continue;
    if (!known.has(item.id)) throw badRequest(EVENT_REFUSALS.itemUnknown(item.id));
    if (seen.has(item.id)) throw badRequest(EVENT_REFUSALS.itemTwice(item.id));
    seen.add(item.id);
  }
  const removed = existing.find((row) => !seen.has(Number(row.id)));
  if (removed) throw badRequest(EVENT_REFUSALS.itemRemoved(removed.name));
  // Names are unique per event: two items trading names would collide half-way, so the renamed ones first
  // take a name no item can have (names are trimmed, so none starts with a space).
  const renamed = items.filter((item) => item.id !== undefined && known.get(item.id)?.name !== item.name);
  for (const item of renamed) await updateEventItem(trx, item.id as number, { name: ` ${item.id}` });
  const added = [];
  for (const [position, item] of items.entries()) {
    if (item.id === undefined) added.push({ eventId, ...itemValues(item, position) });
    else await updateEventItem(trx, item.id, itemValues(item, position));
  }
  await insertEventItems(trx, added);
  return existing;
};

/** Edits, shows or hides an event; react-admin sends the whole record, whose worked-out fields are ignored. */
export const changeEvent = async (
  db: Db,
  id: number,
  input: z.output<typeof eventUpdateBody>,
  actor: Actor,
  now: Date,
): Promise<ConsoleEvent> => {
  const {
    id: _id,
    typeLabel: _typeLabel,
    organizerName: _organizerName,
    catalogueItemName: _catalogueItemName,
    phase: _phase,
    phaseLabel: _phaseLabel,
    createTime: _created,
    updateTime: _updated,
    items,
    visible,
    ...changes
  } = input;
  await db.writeTransaction(async (trx, locks) => {
    const before = await locks
      .forUpdate(trx.selectFrom('matchEvent').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!before) throw notFound(EVENT_REFUSALS.notFound);
    const window = checkedWindow({
      registrationOpens: changes.registrationOpens ?? before.registrationOpens,
      registrationCloses: changes.registrationCloses ?? before.registrationCloses,
      resultsFrom: changes.resultsFrom ?? before.resultsFrom,
    });
    const organizerId = changes.organizerId ?? Number(before.organizerId);
    if (organizerId !== Number(before.organizerId)) await checkOrganizer(trx, locks, organizerId);
    // The catalogue item is judged again when it or the level changes; one retired since stays on the event.
    const catalogueId = changes.catalogueId ?? Number(before.catalogueId);
    const level = changes.level ?? before.level;
    if (catalogueId !== Number(before.catalogueId) || level !== before.level) {
      await checkCatalogue(trx, locks, catalogueId, level);
    }
    const itemsBefore = items ? await applyItems(trx, id, items) : undefined;
    await trx
      .updateTable('matchEvent')
      .set({
        ...changes,
        ...window,
        ...(visible === undefined ? {} : { visible: visible ? 1 : 0 }),
        updateTime: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const to: Record<string, unknown> = {
      ...changes,
      ...(visible === undefined ? {} : { visible }),
      ...(items ? { items } : {}),
    };
    const from = Object.fromEntries(
      Object.keys(to).map((key) => [
        key,
        key === 'items' ? itemsBefore : key === 'visible' ? before.visible === 1 : before[key as keyof typeof before],
      ]),
    );
    await auditEvent(trx, { user: actor, at: now }, 'update', id, { from, to });
  });
  return findConsoleEvent(db.kysely, id, now);
};
