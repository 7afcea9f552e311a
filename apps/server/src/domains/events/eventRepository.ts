import {
  type ConsoleEvent,
  EVENT_TYPE_LABELS,
  type EventDetail,
  type EventLevel,
  type EventPhase,
  type EventSummary,
  type EventType,
  type eventFilter,
} from '@lianmeng/core';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { anyContains, type ConsoleListQuery, consoleListPage, type Page } from '../../db/listPage';
import type { Database, MatchEventTable } from '../../db/schema';
import { notFound } from '../../http/apiError';
import { itemsOfEvents } from './eventItemRepository';
import { EVENT_REFUSALS, type EventClock, eventPhase, phaseFields, phaseRank } from './policy';

type EventRow = Selectable<MatchEventTable>;

/** The names an event shows beside its own fields: its organiser's and its catalogue item's. */
interface EventNames {
  organizerName: string;
  catalogueItemName: string;
}

const clockOf = (row: EventRow): EventClock => ({
  registrationOpens: row.registrationOpens,
  registrationCloses: row.registrationCloses,
  resultsPublishedTime: row.resultsPublishedTime,
  objectionDays: Number(row.objectionDays),
});

const summaryOf = (row: EventRow, names: EventNames, now: Date): EventSummary => ({
  id: Number(row.id),
  name: row.name,
  season: row.season,
  type: row.type as EventType,
  typeLabel: EVENT_TYPE_LABELS[row.type as EventType] ?? row.type,
  level: row.level as EventLevel,
  organizerName: names.organizerName,
  approvalNo: row.approvalNo,
  registrationOpens: row.registrationOpens,
  registrationCloses: row.registrationCloses,
  ...phaseFields(clockOf(row), now),
});

/** The names of the organisers and catalogue items these events name, by event id. */
const namesOf = async (db: Kysely<Database>, rows: EventRow[]) => {
  const names = new Map<number, EventNames>();
  if (rows.length === 0) return names;
  const [organizers, items] = await Promise.all([
    db
      .selectFrom('institution')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(rows.map((row) => Number(row.organizerId)))])
      .execute(),
    db
      .selectFrom('creditCatalogue')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(rows.map((row) => Number(row.catalogueId)))])
      .execute(),
  ]);
  const organizerName = new Map(organizers.map((row) => [Number(row.id), row.name]));
  const itemName = new Map(items.map((row) => [Number(row.id), row.name]));
  for (const row of rows) {
    names.set(Number(row.id), {
      organizerName: organizerName.get(Number(row.organizerId)) ?? '',
      catalogueItemName: itemName.get(Number(row.catalogueId)) ?? '',
    });
  }
  return names;
};

const NO_NAMES: EventNames = { organizerName: '', catalogueItemName: '' };

/** Events as the console edits them, each with its names and items. */
const consoleEventsOf = async (db: Kysely<Database>, rows: EventRow[], now: Date): Promise<ConsoleEvent[]> => {
  const ids = rows.map((row) => Number(row.id));
  const [names, items] = await Promise.all([namesOf(db, rows), itemsOfEvents(db, ids)]);
  return rows.map((row) => {
    const id = Number(row.id);
    const named = names.get(id) ?? NO_NAMES;
    return {
      ...summaryOf(row, named, now),
      organizerId: Number(row.organizerId),
      description: row.description,
      resultsFrom: row.resultsFrom,
      objectionDays: Number(row.objectionDays),
      catalogueId: Number(row.catalogueId),
      catalogueItemName: named.catalogueItemName,
      items: items.get(id) ?? [],
      visible: Number(row.visible) === 1,
      createTime: row.createTime,
      updateTime: row.updateTime,
    };
  });
};

const findEventRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('matchEvent').selectAll().where('id', '=', id).executeTakeFirst();

export const findConsoleEvent = async (db: Kysely<Database>, id: number, now: Date): Promise<ConsoleEvent> => {
  const row = await findEventRow(db, id);
  if (!row) throw notFound(EVENT_REFUSALS.notFound);
  const [event] = await consoleEventsOf(db, [row], now);
  if (!event) throw notFound(EVENT_REFUSALS.notFound);
  return event;
};

type Filter = z.output<typeof eventFilter>;

export const listConsoleEvents = async (
  db: Kysely<Database>,
  query: ConsoleListQuery & { filter: Filter },
  now: Date,
) => {
  const { filter } = query;
  const filtered = () => {
    let builder = db.selectFrom('matchEvent');
    if (filter.id) {
      const ids = filter.id;
      builder = builder.where('id', 'in', ids.length ? ids : [-1]);
    }
    if (filter.season) builder = builder.where('season', '=', filter.season);
    if (filter.type) builder = builder.where('type', '=', filter.type);
    if (filter.level) builder = builder.where('level', '=', filter.level);
    if (filter.visible !== undefined) builder = builder.where('visible', '=', filter.visible ? 1 : 0);
    if (filter.q) builder = builder.where(anyContains(['name', 'approvalNo'], filter.q));
    return builder;
  };
  const { rows, total } = await consoleListPage(filtered, query, 'desc');
  return { list: await consoleEventsOf(db, rows as EventRow[], now), total };
};

/**
 * Every visible event's window, from the public list's index: what the public list orders and pages by, and
 * when the next of them changes phase.
 */
export const visibleEventClocks = async (db: Kysely<Database>): Promise<(EventClock & { id: number })[]> =>
  (
    await db
      .selectFrom('matchEvent')
      .select(['id', 'registrationOpens', 'registrationCloses', 'resultsPublishedTime', 'objectionDays'])
      .where('visible', '=', 1)
      .execute()
  ).map((row) => ({ ...row, id: Number(row.id), objectionDays: Number(row.objectionDays) }));

/**
 * One page of the visible events, in phase order (registering, upcoming, underway, publicizing, finished),
 * the latest window first within a phase. The phase is the server clock's, worked out here rather than in
 * SQL so that one function decides it; the events number in the hundreds, and the answer is cached until
 * the next phase edge or write.
 */
export const listPublicEvents = async (
  db: Kysely<Database>,
  filter: { phase?: EventPhase },
  page: Page,
  now: Date,
): Promise<{ list: EventSummary[]; total: number }> => {
  const placed = (await visibleEventClocks(db))
    .map((clock) => ({ id: clock.id, opens: clock.registrationOpens, phase: eventPhase(clock, now) }))
    .filter((row) => filter.phase === undefined || row.phase === filter.phase)
    .sort(
      (a, b) =>
        phaseRank(a.phase) - phaseRank(b.phase) || (a.opens < b.opens ? 1 : a.opens > b.opens ? -1 : b.id - a.id),
    );
  const ids = placed.slice(page.offset, page.offset + page.limit).map((row) => row.id);
  if (ids.length === 0) return { list: [], total: placed.length };
  const rows = await db.selectFrom('matchEvent').selectAll().where('id', 'in', ids).execute();
  const names = await namesOf(db, rows);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [summaryOf(row, names.get(id) ?? NO_NAMES, now)] : [];
  });
  return { list, total: placed.length };
};

/**
 * Visible events with their items, in the order of `ids`, in one query per kind whatever their number (lists
 * show a page of them); a hidden or unknown id is left out.
 */
export const findPublicEvents = async (db: Kysely<Database>, ids: number[], now: Date): Promise<EventDetail[]> => {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('matchEvent').selectAll().where('id', 'in', ids).where('visible', '=', 1).execute();
  const found = rows.map((row) => Number(row.id));
  const [names, items] = await Promise.all([namesOf(db, rows), itemsOfEvents(db, found)]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const named = names.get(id) ?? NO_NAMES;
    return [
      {
        ...summaryOf(row, named, now),
        description: row.description,
        items: items.get(id) ?? [],
        resultsFrom: row.resultsFrom,
        objectionDays: Number(row.objectionDays),
        catalogueItemName: named.catalogueItemName,
        serverTime: now.toISOString(),
      },
    ];
  });
};

/** A visible event with its items; a hidden or unknown one is not found. */
export const findPublicEvent = async (db: Kysely<Database>, id: number, now: Date): Promise<EventDetail> => {
  const [event] = await findPublicEvents(db, [id], now);
  if (!event) throw notFound(EVENT_REFUSALS.notFound);
  return event;
};
