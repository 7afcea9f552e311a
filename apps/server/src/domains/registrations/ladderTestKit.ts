import type { Award, EventLevel, EventType } from '@lianmeng/core';
import { buildEvent } from '../../testing/factories';
import type { TestServer } from '../../testing/testServer';
import { buildPupil, buildTeamRow, HOUR, iso, type Pupil, type RegistrationWorld, START } from './registrationTestKit';

/** Factories for the ladder's tests (晋级): events at a level, pupils of their own, results made final by hand. */

const DAY = 24 * HOUR;

let counter = 0;

/** Pupils linked to these institutions, apart from the registration world's (a test may unlink them), one per name. */
export const buildLadderPupils = async <const Names extends readonly string[]>(
  server: TestServer,
  institutionIds: number[],
  names: Names,
): Promise<{ [K in keyof Names]: Pupil }> => {
  const pupils: Pupil[] = [];
  for (const name of names) {
    counter += 1;
    pupils.push(await buildPupil(server, { cardNo: `72${String(counter).padStart(6, '0')}`, name, institutionIds }));
  }
  return pupils as { [K in keyof Names]: Pupil };
};

/**
 * An event of the world's organiser at a level and of a type, shown, open an hour either side of START unless
 * told otherwise, with the items given (机器人足球 2–3 and 轮式竞速 1–2 by default). Returns its id and its items'
 * ids by name.
 */
export const buildLevelEvent = async (
  server: TestServer,
  world: RegistrationWorld,
  values: {
    level: EventLevel;
    type?: EventType;
    opens?: number;
    closes?: number;
    visible?: boolean;
    name?: string;
    items?: { name: string; minMembers: number; maxMembers: number }[];
  },
) => {
  const { id } = await buildEvent(server.db, {
    organizerId: world.organiser.id,
    registrationOpens: iso(values.opens ?? START - HOUR),
    registrationCloses: iso(values.closes ?? START + HOUR),
    visible: values.visible ?? true,
    level: values.level,
    ...(values.name === undefined ? {} : { name: values.name }),
    items: values.items ?? [
      { name: '机器人足球', minMembers: 2, maxMembers: 3 },
      { name: '轮式竞速', minMembers: 1, maxMembers: 2 },
    ],
  });
  await server.db.kysely
    .updateTable('matchEvent')
    .set({ type: values.type ?? 'regular' })
    .where('id', '=', id)
    .execute();
  const items = await server.db.kysely
    .selectFrom('matchEventItem')
    .select(['id', 'name'])
    .where('eventId', '=', id)
    .execute();
  return { id, items: Object.fromEntries(items.map((item) => [item.name, Number(item.id)])) as Record<string, number> };
};

/**
 * The event's results, published and then made final, written straight into the database (making results
 * final is the results domain's call, tested there): one result row per team, then both times on the event.
 * `final: false` publishes without making final.
 */
export const finishEvent = async (
  server: TestServer,
  eventId: number,
  results: { teamId: number; itemId: number; award: Award | null; rank?: number | null }[],
  options: { final?: boolean } = {},
) => {
  for (const result of results) {
    await server.db.kysely
      .insertInto('matchResult')
      .values({
        teamId: result.teamId,
        eventId,
        itemId: result.itemId,
        rank: result.rank ?? null,
        award: result.award,
        enteredBy: 'test',
        enteredTime: iso(START - 10 * DAY),
      })
      .execute();
  }
  await server.db.kysely
    .updateTable('matchEvent')
    .set({
      resultsPublishedTime: iso(START - 10 * DAY),
      resultsFinalTime: options.final === false ? null : iso(START - 2 * DAY),
    })
    .where('id', '=', eventId)
    .execute();
};

/**
 * A season one level down and its next step: a 校级 event of the type, long closed, where school A's team
 * (approved, the members given, in that order) won `award` and the results are final unless told otherwise;
 * and a 县级 event of the same type open now with an item of the same name (机器人足球, 2–3 members).
 */
export const buildLadder = async (
  server: TestServer,
  world: RegistrationWorld,
  values: {
    members: string[];
    award?: Award | null;
    rank?: number | null;
    final?: boolean;
    type?: EventType;
    institutionId?: number;
    teamName?: string;
  },
) => {
  counter += 1;
  const type = values.type ?? 'regular';
  const source = await buildLevelEvent(server, world, {
    level: '校级',
    type,
    opens: START - 40 * DAY,
    closes: START - 30 * DAY,
    name: `校级选拔赛${counter}`,
  });
  const itemId = source.items.机器人足球 ?? 0;
  const teamId = await buildTeamRow(server, {
    eventId: source.id,
    itemId,
    institutionId: values.institutionId ?? world.schoolA.id,
    members: values.members,
    name: values.teamName ?? `晋级队${counter}`,
  });
  await finishEvent(
    server,
    source.id,
    [{ teamId, itemId, award: values.award === undefined ? 'first' : values.award, rank: values.rank ?? 1 }],
    { final: values.final ?? true },
  );
  const target = await buildLevelEvent(server, world, { level: '县级', type, name: `县级联赛${counter}` });
  return {
    source: { eventId: source.id, itemId, teamId, name: `校级选拔赛${counter}` },
    target: { eventId: target.id, itemId: target.items.机器人足球 ?? 0, items: target.items },
  };
};
