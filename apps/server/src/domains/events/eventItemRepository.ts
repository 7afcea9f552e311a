import type { EventItem } from '@lianmeng/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MatchEventItemTable } from '../../db/schema';

type EventItemRow = Selectable<MatchEventItemTable>;

const toEventItem = (row: EventItemRow): EventItem => ({
  id: Number(row.id),
  name: row.name,
  minMembers: Number(row.minMembers),
  maxMembers: Number(row.maxMembers),
  needsReport: Number(row.needsReport) === 1,
  needsPhotos: Number(row.needsPhotos) === 1,
  needsVideo: Number(row.needsVideo) === 1,
});

/** The items of these events in their order, by event. */
export const itemsOfEvents = async (db: Kysely<Database>, eventIds: number[]) => {
  const byEvent = new Map<number, EventItem[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('matchEventItem')
    .selectAll()
    .where('eventId', 'in', eventIds)
    .orderBy('eventId')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) byEvent.get(Number(row.eventId))?.push(toEventItem(row));
  return byEvent;
};

export const itemRowsOfEvent = (db: Kysely<Database>, eventId: number) =>
  db.selectFrom('matchEventItem').selectAll().where('eventId', '=', eventId).orderBy('position').execute();

export const insertEventItems = async (db: Kysely<Database>, rows: Insertable<MatchEventItemTable>[]) => {
  if (rows.length > 0) await db.insertInto('matchEventItem').values(rows).execute();
};

export const updateEventItem = (db: Kysely<Database>, id: number, values: Partial<Insertable<MatchEventItemTable>>) =>
  db.updateTable('matchEventItem').set(values).where('id', '=', id).execute();
