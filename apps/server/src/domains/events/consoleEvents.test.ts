import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

const EVENTS = '/lianmeng/api/events';
const DAY = 86_400_000;

let server: TestServer;
let editor = '';
let staff = '';
let organizerId = 0;
let disabledId = 0;
const catalogue = new Map<string, number>();

/** An instant `days` from now, as the console sends it (Beijing time with its offset). */
const beijing = (days: number) => {
  const shifted = new Date(Date.now() + days * DAY + 8 * 3600_000).toISOString().slice(0, 19);
  return `${shifted}+08:00`;
};

const validEvent = () => ({
  name: '2026 年全国学校机器人运动会（市级）',
  season: '2026',
  type: 'regular',
  level: '市级',
  organizerId,
  approvalNo: '体联赛〔2026〕12号',
  description: '常规类项目',
  registrationOpens: beijing(1),
  registrationCloses: beijing(20),
  resultsFrom: beijing(30).slice(0, 10),
  catalogueId: catalogue.get('MEET-R-CIT'),
  items: [
    { name: '机器人足球', minMembers: 3, maxMembers: 5, needsReport: true, needsPhotos: true },
    { name: '轮式竞速', minMembers: 1, maxMembers: 2, needsVideo: true },
  ],
});

const create = (payload: unknown, cookie = editor) =>
  server.consoleInject(cookie, { method: 'POST', url: EVENTS, payload: payload as Record<string, unknown> });
const update = (id: number, payload: unknown, cookie = editor) =>
  server.consoleInject(cookie, { method: 'PUT', url: `${EVENTS}/${id}`, payload: payload as Record<string, unknown> });
const one = async (id: number) =>
  (await server.consoleInject(editor, { method: 'GET', url: `${EVENTS}/${id}` })).json().data;
const list = (query: { filter?: Record<string, unknown>; range?: [number, number]; sort?: [string, string] } = {}) =>
  server.consoleInject(editor, {
    method: 'GET',
    url: `${EVENTS}?filter=${encodeURIComponent(JSON.stringify(query.filter ?? {}))}&range=${encodeURIComponent(
      JSON.stringify(query.range ?? [0, 49]),
    )}&sort=${encodeURIComponent(JSON.stringify(query.sort ?? ['id', 'DESC']))}`,
  });

/** Rows of both tables, to prove a refusal wrote nothing. */
const rowCounts = async () => ({
  events: (await server.db.kysely.selectFrom('matchEvent').select('id').execute()).length,
  items: (await server.db.kysely.selectFrom('matchEventItem').select('id').execute()).length,
});

beforeAll(async () => {
  server = await createTestServer();
  editor = await server.signIn('editor');
  staff = await server.signIn('staff');
  organizerId = (await buildInstitution(server.db, { name: '北京市青少年科技活动中心', kind: 'eventOrganiser' })).id;
  disabledId = (await buildInstitution(server.db, { name: '已停用的学校', status: 'disabled' })).id;
  const rows = await server.db.kysely.selectFrom('creditCatalogue').select(['id', 'code']).execute();
  for (const row of rows) catalogue.set(row.code, Number(row.id));
  // A retired sports meeting at the right level, for the refusal of a retired item.
  await server.db.kysely
    .updateTable('creditCatalogue')
    .set({ status: 'retired' })
    .where('code', '=', 'MEET-C-CIT')
    .execute();
});
afterAll(() => server.close());

describe('events in the console', () => {
  it('are created by an editor, with their items in order, worked-out fields and an audit entry', async () => {
    const sent = validEvent();
    const response = await create(sent);
    expect(response.statusCode).toBe(200);
    const event = response.json().data;
    expect(event).toMatchObject({
      name: '2026 年全国学校机器人运动会（市级）',
      typeLabel: '常规类',
      organizerName: '北京市青少年科技活动中心',
      catalogueItemName: '机器人运动会（常规类）市级',
      objectionDays: 5,
      visible: false,
      phase: 'upcoming',
      phaseLabel: '即将报名',
    });
    // Instants are stored and answered in UTC.
    expect(event.registrationOpens).toBe(new Date(sent.registrationOpens).toISOString());
    expect(event.items.map((item: { name: string }) => item.name)).toEqual(['机器人足球', '轮式竞速']);
    expect(event.items[0]).toMatchObject({
      minMembers: 3,
      maxMembers: 5,
      needsReport: true,
      needsPhotos: true,
      needsVideo: false,
    });
    expect(await one(event.id)).toEqual(event);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'matchEvent')
      .where('targetId', '=', String(event.id))
      .execute();
    expect(audit).toMatchObject([{ action: 'insert', username: 'editor' }]);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ approvalNo: '体联赛〔2026〕12号' });
  });

  it('are listed with the total in Content-Range, filtered and sorted as react-admin asks', async () => {
    await create({
      ...validEvent(),
      name: '创意赛',
      type: 'creative',
      approvalNo: '体联赛〔2026〕99号',
      visible: true,
    });
    const all = await list({ range: [0, 0] });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toMatch(/^events 0-0\/\d+$/);
    const byNumber = (await list({ filter: { q: '〔2026〕99' } })).json().data;
    expect(byNumber.map((event: { name: string }) => event.name)).toEqual(['创意赛']);
    expect(byNumber[0].items).toHaveLength(2);
    const shown = (await list({ filter: { visible: true, type: 'creative' } })).json().data;
    expect(shown.every((event: { visible: boolean }) => event.visible)).toBe(true);
    const byName = (await list({ sort: ['name', 'ASC'] })).json().data.map((event: { name: string }) => event.name);
    expect(byName).toEqual([...byName].sort());
  });

  it('offer an editor the active institutions and the sports-meeting and competition items to pick from', async () => {
    const answer = await server.consoleInject(editor, { method: 'GET', url: `${EVENTS}/choices` });
    expect(answer.statusCode).toBe(200);
    const { organizers, catalogue: items } = answer.json().data as {
      organizers: { id: number; name: string }[];
      catalogue: { id: number; name: string; active: boolean }[];
    };
    const organizerIds = organizers.map((organizer) => organizer.id);
    expect(organizerIds).toContain(organizerId);
    expect(organizerIds).not.toContain(disabledId);
    const codes = new Map([...catalogue].map(([code, id]) => [id, code]));
    const offered = items.map((item) => codes.get(item.id) ?? '');
    expect(offered.length).toBeGreaterThan(0);
    // Exams and other kinds are not awards of an event; a retired item comes marked so.
    expect(offered.every((code) => code.startsWith('MEET') || code.startsWith('COMP'))).toBe(true);
    expect(items.find((item) => item.id === catalogue.get('MEET-C-CIT'))?.active).toBe(false);
    const asStaff = await server.consoleInject(staff, { method: 'GET', url: `${EVENTS}/choices` });
    expect(asStaff.statusCode).toBe(403);
  });

  it('are refused to staff (403) and to anyone without a session (401)', async () => {
    expect((await create(validEvent(), staff)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(200);
    const asStaff = await server.consoleInject(staff, { method: 'GET', url: EVENTS });
    expect(asStaff.statusCode).toBe(403);
    const anonymous = await server.consoleInject(null, { method: 'GET', url: `${EVENTS}/1` });
    expect(anonymous.statusCode).toBe(401);
    expect((await create(validEvent(), '')).statusCode).toBe(401);
  });

  it('refuses each bad input with its message under its field, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['an unknown organiser', { organizerId: 999_999 }, '承办单位（organizerId）不存在'],
      // Past PostgreSQL's integer: refused as input, never a server error.
      ['an organiser id past 32 bits', { organizerId: 2 ** 31 }, '承办单位（organizerId）不能大于 2147483647'],
      ['a catalogue id past 32 bits', { catalogueId: 2 ** 40 }, '学分项目（catalogueId）不能大于 2147483647'],
      ['a disabled organiser', { organizerId: disabledId }, '承办单位（organizerId）已停用，请选择在用的机构'],
      ['an unknown catalogue item', { catalogueId: 999_999 }, '学分项目（catalogueId）不存在'],
      [
        'a retired catalogue item',
        { type: 'creative', catalogueId: catalogue.get('MEET-C-CIT') },
        '学分项目（catalogueId）已停用，请选择在用的项目',
      ],
      [
        'a catalogue item of another kind',
        { catalogueId: catalogue.get('TRAIN-CIT') },
        '学分项目（catalogueId）应为运动会或竞赛类项目（所选为培训）',
      ],
      [
        'a catalogue item of another level',
        { catalogueId: catalogue.get('COMP-PRV') },
        '学分项目（catalogueId）的级别为省级，与赛事级别市级不符',
      ],
      ['a fee', { fee: 100 }, '请求内容含有不认识的字段：fee'],
      ['a price', { price: 0 }, '请求内容含有不认识的字段：price'],
      [
        'an item with a fee',
        { items: [{ name: '机器人足球', minMembers: 3, maxMembers: 5, fee: 50 }] },
        '请求内容含有不认识的字段：fee',
      ],
      ['a close before the open', { registrationCloses: beijing(0) }, '报名截止时间应晚于开始时间'],
      ['results before the close', { resultsFrom: beijing(2).slice(0, 10) }, '成绩公布日期不能早于报名截止日期'],
      ['a date that does not exist', { resultsFrom: '2099-02-30' }, '成绩公布日期（resultsFrom）不是有效日期'],
      [
        'an open outside the years stored',
        {
          registrationOpens: '2150-01-01T00:00:00Z',
          registrationCloses: '2151-01-01T00:00:00Z',
          resultsFrom: '2151-01-02',
        },
        '报名开始时间（registrationOpens）应为 2000 年至 2099 年间的日期时间',
      ],
      [
        'an item id on a new event',
        { items: [{ id: 1, name: '机器人足球', minMembers: 3, maxMembers: 5 }] },
        '项目（items）中编号 1 的项目不属于本赛事',
      ],
      [
        'a team of more than the limit',
        { items: [{ name: '机器人足球', minMembers: 3, maxMembers: 11 }] },
        '最多 10 人',
      ],
      [
        'two items of one name',
        {
          items: [
            { name: '机器人足球', minMembers: 3, maxMembers: 5 },
            { name: '机器人足球', minMembers: 1, maxMembers: 2 },
          ],
        },
        '项目名称不能重复',
      ],
    ];
    const before = await rowCounts();
    for (const [what, change, message] of cases) {
      const response = await create({ ...validEvent(), ...change });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toContain(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('takes the whole record back as react-admin sends it: items edited and added, their ids kept', async () => {
    const created = (await create(validEvent())).json().data;
    const [football, racing] = created.items;
    // Two items trading names, one edited, one added at the end.
    const record = {
      ...created,
      name: '改名后的赛事',
      visible: true,
      items: [
        { ...football, name: '轮式竞速', maxMembers: 4 },
        { ...racing, name: '机器人足球' },
        { name: '创意设计', minMembers: 2, maxMembers: 4, needsReport: true, needsPhotos: true, needsVideo: true },
      ],
    };
    const response = await update(created.id, record);
    expect(response.statusCode).toBe(200);
    const changed = response.json().data;
    expect(changed).toMatchObject({ name: '改名后的赛事', visible: true });
    expect(changed.items.map((item: { id: number; name: string }) => [item.id, item.name])).toEqual([
      [football.id, '轮式竞速'],
      [racing.id, '机器人足球'],
      [expect.any(Number), '创意设计'],
    ]);
    expect(changed.items[0].maxMembers).toBe(4);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('targetType', '=', 'matchEvent')
      .where('targetId', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['insert', 'update']);
    expect(JSON.parse(audit[1]?.detail ?? '{}')).toMatchObject({
      from: { name: created.name, visible: false },
      to: { name: '改名后的赛事', visible: true },
    });
  });

  it('refuses an update that drops an item, names another event’s item, or breaks a rule with what it keeps', async () => {
    const created = (await create(validEvent())).json().data;
    const other = (await create({ ...validEvent(), name: '另一个赛事' })).json().data;
    const [football, racing] = created.items;
    const cases: [string, Record<string, unknown>, string][] = [
      ['an item dropped', { items: [football] }, '项目（items）已有的项目「轮式竞速」不能删除，可以修改'],
      [
        'another event’s item',
        { items: [football, racing, { ...other.items[0], name: '别的项目' }] },
        `项目（items）中编号 ${other.items[0].id} 的项目不属于本赛事`,
      ],
      [
        'an item twice',
        { items: [football, racing, { ...football, name: '第三个' }] },
        `项目（items）中编号 ${football.id} 的项目出现了两次`,
      ],
      // The close alone, before the open the event keeps.
      [
        'a close before the kept open',
        { registrationCloses: beijing(0) },
        '报名截止时间应晚于开始时间（registrationCloses）',
      ],
      // The level alone, against the catalogue item the event keeps.
      [
        'a level the kept item does not have',
        { level: '省级' },
        '学分项目（catalogueId）的级别为市级，与赛事级别省级不符',
      ],
      ['a disabled organiser', { organizerId: disabledId }, '承办单位（organizerId）已停用，请选择在用的机构'],
      ['a fee', { fee: 1 }, '请求内容含有不认识的字段：fee'],
    ];
    const counts = await rowCounts();
    // Each body carries only its change: the rest is what the event keeps.
    for (const [what, change, message] of cases) {
      const response = await update(created.id, change);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toContain(message);
    }
    expect(await one(created.id)).toEqual(created);
    expect(await rowCounts()).toEqual(counts);
    const missingId = 999_999;
    expect((await update(missingId, { name: '不存在' })).json()).toEqual({ status: 404, message: '赛事不存在' });
    const missing = await server.consoleInject(editor, { method: 'GET', url: `${EVENTS}/${missingId}` });
    expect(missing.json()).toEqual({ status: 404, message: '赛事不存在' });
    expect((await list({ filter: { id: [missingId] } })).json().data).toEqual([]);
    // Past PostgreSQL's integer: refused as input (400), never looked up, never a server error.
    for (const id of [2 ** 31]) {
      expect((await update(id, { name: '不存在' })).statusCode).toBe(400);
      expect((await server.consoleInject(editor, { method: 'GET', url: `${EVENTS}/${id}` })).statusCode).toBe(400);
      expect((await list({ filter: { id: [id] } })).statusCode).toBe(400);
    }
  });

  it('changes only the fields a body carries: one left out keeps its value, not the default of a new event', async () => {
    const created = (await create({ ...validEvent(), description: '说明', objectionDays: 7, visible: true })).json()
      .data;
    const response = await update(created.id, { name: '只改名称' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...created,
      name: '只改名称',
      updateTime: expect.any(String),
    });
  });

  it('keeps an event whose organiser was disabled since editable, as long as the organiser stays', async () => {
    const school = await buildInstitution(server.db, { name: '后来停用的学校' });
    const created = (await create({ ...validEvent(), organizerId: school.id })).json().data;
    await server.db.kysely.updateTable('institution').set({ status: 'disabled' }).where('id', '=', school.id).execute();
    const response = await update(created.id, { ...created, description: '补充说明' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.description).toBe('补充说明');
  });
});
