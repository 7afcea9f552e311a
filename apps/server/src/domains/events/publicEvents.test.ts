import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildInstitution } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

const DAY = 86_400_000;
const LIST = '/api/match/events';

// The server's clock, moved by the tests; the events' windows are placed around this instant.
const START = Date.parse('2026-05-10T04:00:00.000Z');
let clock = START;
const iso = (time: number) => new Date(time).toISOString();

let server: TestServer;
let editor = '';
let organizerId = 0;

const get = (url: string) => server.app.inject({ method: 'GET', url });
const idsOf = async (url: string) => (await get(url)).json().data.list.map((event: { id: number }) => event.id);

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  editor = await server.signIn('editor');
  organizerId = (await buildInstitution(server.db, { name: '上海市育才小学' })).id;
});
afterAll(() => server.close());

describe('events on the public site', () => {
  it('change phase at the edges of the window, on the server clock, whatever was cached before', async () => {
    const opens = START + 10 * DAY;
    const closes = START + 20 * DAY;
    const { id } = await buildEvent(server.db, {
      organizerId,
      registrationOpens: iso(opens),
      registrationCloses: iso(closes),
      visible: true,
    });
    const expected: [number, string, string][] = [
      [opens - 1, 'upcoming', '即将报名'],
      [opens, 'registering', '报名中'],
      [opens + 1, 'registering', '报名中'],
      [closes - 1, 'registering', '报名中'],
      [closes, 'underway', '比赛进行中'],
      [closes + 1, 'underway', '比赛进行中'],
    ];
    for (const [at, phase, phaseLabel] of expected) {
      clock = at;
      const detail = await get(`${LIST}/${id}`);
      expect(detail.json().data, iso(at)).toMatchObject({ phase, phaseLabel, serverTime: iso(at) });
      const listed = (await get(LIST)).json().data.list.find((event: { id: number }) => event.id === id);
      expect(listed, iso(at)).toMatchObject({ phase, phaseLabel });
      // Asked again at the same instant: from the cache, still right.
      expect((await get(`${LIST}/${id}`)).json().data.phase, iso(at)).toBe(phase);
    }
    clock = START;
    await server.db.kysely.deleteFrom('matchEventItem').where('eventId', '=', id).execute();
    await server.db.kysely.deleteFrom('matchEvent').where('id', '=', id).execute();
  });

  it('lists only visible events, registering first, then upcoming, underway, publicizing, finished; newest first within each', async () => {
    const window = (opensInDays: number, closesInDays: number) => ({
      organizerId,
      registrationOpens: iso(START + opensInDays * DAY),
      registrationCloses: iso(START + closesInDays * DAY),
      visible: true,
    });
    const finished = await buildEvent(server.db, { ...window(-60, -40), resultsPublishedTime: iso(START - 20 * DAY) });
    const underway = await buildEvent(server.db, window(-30, -3));
    const olderRegistering = await buildEvent(server.db, window(-10, 5));
    const upcoming = await buildEvent(server.db, window(10, 30));
    const publicizing = await buildEvent(server.db, {
      ...window(-50, -30),
      resultsPublishedTime: iso(START - 2 * DAY),
    });
    const newerRegistering = await buildEvent(server.db, window(-2, 20));
    const laterUpcoming = await buildEvent(server.db, window(40, 50));
    const hidden = await buildEvent(server.db, { ...window(-1, 10), visible: false });

    const everything = await get(`${LIST}?pageSize=50`);
    expect(everything.statusCode).toBe(200);
    expect(everything.json().data.total).toBe(7);
    expect(everything.json().data.list.map((event: { id: number }) => event.id)).toEqual([
      newerRegistering.id,
      olderRegistering.id,
      laterUpcoming.id,
      upcoming.id,
      underway.id,
      publicizing.id,
      finished.id,
    ]);
    expect(everything.json().data.list.map((event: { phase: string }) => event.phase)).toEqual([
      'registering',
      'registering',
      'upcoming',
      'upcoming',
      'underway',
      'publicizing',
      'finished',
    ]);
    expect(everything.json().data.list).not.toContainEqual(expect.objectContaining({ id: hidden.id }));
    // A page of it, and one phase of it.
    expect(await idsOf(`${LIST}?pageNum=2&pageSize=2`)).toEqual([laterUpcoming.id, upcoming.id]);
    const registering = (await get(`${LIST}?phase=registering`)).json().data;
    expect(registering).toMatchObject({ total: 2 });
    expect(registering.list.map((event: { id: number }) => event.id)).toEqual([
      newerRegistering.id,
      olderRegistering.id,
    ]);
    expect((await get(`${LIST}?phase=later`)).statusCode).toBe(400);

    // A hidden or unknown event is not found; a visible one shows its items, organiser and catalogue item.
    for (const id of [hidden.id, 999_999]) {
      expect((await get(`${LIST}/${id}`)).json()).toEqual({ status: 404, message: '赛事不存在' });
    }
    // Past PostgreSQL's integer: refused as input, never a server error.
    expect((await get(`${LIST}/${2 ** 31}`)).statusCode).toBe(400);
    expect((await get(`${LIST}/${upcoming.id}`)).json().data).toMatchObject({
      organizerName: '上海市育才小学',
      catalogueItemName: '机器人运动会（常规类）市级',
      typeLabel: '常规类',
      items: [{ name: '机器人足球', minMembers: 3, maxMembers: 5, needsReport: false }],
      objectionDays: 5,
    });
  });

  it('answer from the cache until an editor changes an event, then with the change', async () => {
    const event = await buildEvent(server.db, {
      organizerId,
      registrationOpens: iso(START - DAY),
      registrationCloses: iso(START + 60 * DAY),
      visible: true,
      name: '缓存前的名称',
    });
    const url = `${LIST}/${event.id}`;
    const first = await get(url);
    expect(first.json().data.name).toBe('缓存前的名称');
    const listed = await get(`${LIST}?phase=registering&pageSize=50`);
    // The same answer again, from the cache.
    expect((await get(url)).headers.etag).toBe(first.headers.etag);
    const changed = await server.consoleInject(editor, {
      method: 'PUT',
      url: `/lianmeng/api/events/${event.id}`,
      payload: { name: '编辑改过的名称' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(url)).json().data.name).toBe('编辑改过的名称');
    const relisted = await get(`${LIST}?phase=registering&pageSize=50`);
    expect(relisted.headers.etag).not.toBe(listed.headers.etag);
    expect(relisted.json().data.list).toContainEqual(expect.objectContaining({ name: '编辑改过的名称' }));
    // Hidden by the editor: gone from the public answers at once.
    await server.consoleInject(editor, {
      method: 'PUT',
      url: `/lianmeng/api/events/${event.id}`,
      payload: { visible: false },
    });
    expect((await get(url)).statusCode).toBe(404);
  });

  it('keep a detail at most a second, so the server time a page counts down from stays near the clock', async () => {
    const { id } = await buildEvent(server.db, {
      organizerId,
      registrationOpens: iso(START - DAY),
      registrationCloses: iso(START + 60 * DAY),
      visible: true,
    });
    const serverTime = async () => (await get(`${LIST}/${id}`)).json().data.serverTime;
    // Away from every listed event's edges.
    clock = START + 4.5 * DAY;
    expect(await serverTime()).toBe(iso(clock));
    clock += 999;
    expect(await serverTime()).toBe(iso(clock - 999));
    clock += 1;
    expect(await serverTime()).toBe(iso(clock));
    clock = START;
  });

  it('bump the site version on every write to either table, whoever writes', async () => {
    const version = async () =>
      Number(
        (
          await server.db.kysely
            .selectFrom('siteVersion' as never)
            .select('version' as never)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const event = await buildEvent(server.db, {
      organizerId,
      registrationOpens: iso(START),
      registrationCloses: iso(START + DAY),
    });
    let before = await version();
    await server.db.kysely.updateTable('matchEvent').set({ name: '直接写入' }).where('id', '=', event.id).execute();
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await server.db.kysely
      .updateTable('matchEventItem')
      .set({ maxMembers: 6 })
      .where('eventId', '=', event.id)
      .execute();
    expect(await version()).toBeGreaterThan(before);
  });
});
