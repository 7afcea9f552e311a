import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addFileRows,
  buildOpenEvent,
  callAs,
  countRows,
  HOUR,
  iso,
  START,
  setupRegistrationWorld,
  teamAudits,
  WORKBENCH,
} from './registrationTestKit';
import { teamFileDirOf } from './teamFileStore';

const kit = setupRegistrationWorld();

const asA = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.schoolA, method, url, payload);
const asB = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.schoolB, method, url, payload);

const cards = (pupils: { cardNo: string }[]) => pupils.map((pupil) => pupil.cardNo);

/** A draft of school A for the event's plain item, with the given members. */
const createTeam = async (
  itemId: number,
  members: string[],
  name = `队伍${Math.random().toString(36).slice(2, 8)}`,
) => {
  const response = await asA('POST', `${WORKBENCH}/teams`, { itemId, name, coach: '张老师', members });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; state: string };
};

const teamState = async (id: number) =>
  (await kit.server.db.kysely.selectFrom('matchTeam').select('state').where('id', '=', id).executeTakeFirst())?.state;

/** What a refused call must leave alone: every row of the three tables, as rows. */
const snapshot = async () => ({
  teams: await kit.server.db.kysely.selectFrom('matchTeam').selectAll().orderBy('id').execute(),
  members: await kit.server.db.kysely
    .selectFrom('matchTeamMember')
    .selectAll()
    .orderBy('teamId')
    .orderBy('cardNo')
    .execute(),
  files: await kit.server.db.kysely.selectFrom('matchTeamFile').selectAll().orderBy('id').execute(),
});

describe('registering a team', () => {
  it('creates a draft, below the minimum if need be, and says what a submit still needs', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const [first] = kit.world.pupilsOfA;
    const created = await asA('POST', `${WORKBENCH}/teams`, {
      itemId: event.plain,
      name: ' 追风队 ',
      coach: '张老师',
      members: [first.cardNo],
    });
    expect(created.statusCode, created.body).toBe(200);
    const team = created.json().data;
    expect(team).toMatchObject({
      eventId: event.id,
      itemId: event.plain,
      itemName: '机器人足球',
      institutionId: kit.world.schoolA.id,
      institutionName: '甲学校',
      name: '追风队',
      coach: '张老师',
      state: 'draft',
      stateLabel: '未提交',
      memberCount: 1,
      returnReason: '',
      submittedTime: null,
      editable: true,
      members: [{ cardNo: first.cardNo, name: '王小明' }],
      files: [],
      missing: ['队员不足：至少 2 人，现有 1 人'],
    });

    // The item asking for every attachment lists each one missing.
    const withFiles = (
      await asA('POST', `${WORKBENCH}/teams`, {
        itemId: event.withFiles,
        name: '追风队',
        coach: '张老师',
        members: [first.cardNo],
      })
    ).json().data;
    expect(withFiles.missing).toEqual(['缺少设计报告（PDF）', '照片应为 2–5 张，现有 0 张', '缺少视频']);

    // The workbench lists it, and the event shows the institution's count of teams.
    const listed = (await asA('GET', `${WORKBENCH}/teams?eventId=${event.id}`)).json().data;
    expect(listed.total).toBe(2);
    expect(listed.list.map((row: { id: number }) => row.id)).toEqual([withFiles.id, team.id]);
    // The list says what each still lacks, as the detail does: its 提交 is offered only once nothing is.
    expect(listed.list.map((row: { missing: string[] }) => row.missing)).toEqual([withFiles.missing, team.missing]);
    const events = (await asA('GET', `${WORKBENCH}/events?pageSize=50`)).json().data;
    expect(events.list.find((row: { id: number }) => row.id === event.id)).toMatchObject({
      open: true,
      teamCount: 2,
      phase: 'registering',
      items: [{ name: '机器人足球' }, { name: '轮式竞速', needsReport: true, needsPhotos: true, needsVideo: true }],
    });
    expect(await asA('GET', `${WORKBENCH}/teams/${team.id}`)).toMatchObject({ statusCode: 200 });
    expect((await teamAudits(kit.server, team.id))[0]).toMatchObject({
      action: 'insert',
      username: `卡号${kit.world.accounts.schoolA}`,
      institutionId: kit.world.schoolA.id,
    });
  });

  it('takes only pupils of the institution (pending ones too), within the maximum, one team per item', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const [wang, zhao, li, zhou, pending] = kit.world.pupilsOfA;
    const before = await snapshot();
    const refused = async (members: string[], status: number, message: string | RegExp) => {
      const response = await asA('POST', `${WORKBENCH}/teams`, {
        itemId: event.plain,
        name: '拒绝队',
        coach: '张老师',
        members,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    };
    const stranger = kit.world.pupilsOfB[0].cardNo;
    await refused([wang.cardNo, stranger], 400, `卡号 ${stranger.slice(0, 2)}****${stranger.slice(-2)} 不是本机构人员`);
    expect(
      (await asA('POST', `${WORKBENCH}/teams`, { itemId: event.plain, name: 'x', coach: 'y', members: [stranger] }))
        .body,
    ).not.toContain(stranger);
    await refused([kit.world.nobody.cardNo], 400, /不是本机构人员/);
    await refused(['99999999'], 400, /不是本机构人员/);
    await refused(cards([wang, zhao, li, zhou]), 400, '该项目每队最多 3 名队员');
    expect(await snapshot()).toEqual(before);

    const team = await createTeam(event.plain, cards([wang, pending]), '先锋队');
    // The same pupil in another team of the item, named with the team that has them.
    await refused(
      cards([wang, li]),
      409,
      `王小明（卡号 ${wang.cardNo.slice(0, 2)}****${wang.cardNo.slice(-2)}）已在本项目的队伍「先锋队」中`,
    );
    // The other item is another matter.
    await createTeam(event.withFiles, cards([wang]));
    // One institution does not enter two teams of one name for the item.
    const twin = await asA('POST', `${WORKBENCH}/teams`, {
      itemId: event.plain,
      name: '先锋队',
      coach: '张老师',
      members: [li.cardNo],
    });
    expect(twin.json()).toEqual({ status: 409, message: '本机构在该项目已有名为「先锋队」的队伍' });
    // An edit may keep its own members and name.
    const kept = await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '先锋队',
      coach: '李老师',
      members: cards([pending, wang, li]),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.members.map((member: { name: string }) => member.name)).toEqual([
      '吴未激',
      '王小明',
      '李大伟',
    ]);
  });

  it("names a pupil another institution's team holds without naming that team", async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const taken = await asB('POST', `${WORKBENCH}/teams`, {
      itemId: event.plain,
      name: '乙队',
      coach: '钱老师',
      members: [kit.world.shared.cardNo],
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const refused = await asA('POST', `${WORKBENCH}/teams`, {
      itemId: event.plain,
      name: '甲队',
      coach: '张老师',
      members: [kit.world.shared.cardNo],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('已在本项目的另一支队伍中');
    expect(refused.json().message).not.toContain('乙队');
  });

  it('lets exactly one of two simultaneous registrations take the same pupil, the other a clear 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const event = await buildOpenEvent(kit.server, kit.world);
      const body = (name: string) => ({
        itemId: event.plain,
        name,
        coach: '张老师',
        members: [kit.world.shared.cardNo],
      });
      const answers = await Promise.all([
        asA('POST', `${WORKBENCH}/teams`, body('甲队')),
        asB('POST', `${WORKBENCH}/teams`, body('乙队')),
        asA('POST', `${WORKBENCH}/teams`, body('甲二队')),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(answer.json().message).toMatch(/欧阳小锋（卡号 71\*\*\*\*\d\d）已在本项目的|刚被其他队伍选用/);
      }
      const holders = await kit.server.db.kysely
        .selectFrom('matchTeamMember')
        .select('teamId')
        .where('itemId', '=', event.plain)
        .where('cardNo', '=', kit.world.shared.cardNo)
        .execute();
      expect(holders).toHaveLength(1);
      // The losers left no team behind.
      const teams = await kit.server.db.kysely
        .selectFrom('matchTeam')
        .select('id')
        .where('eventId', '=', event.id)
        .execute();
      expect(teams).toHaveLength(1);
    }
  });

  it('submits a complete team only, and an edit sends a handed-in team back for review or to a draft', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const [wang, zhao, li] = kit.world.pupilsOfA;
    const team = await createTeam(event.plain, cards([wang]));
    const submit = () => asA('POST', `${WORKBENCH}/teams/${team.id}/submit`);
    expect((await submit()).json()).toEqual({ status: 409, message: '还不能提交：队员不足：至少 2 人，现有 1 人' });
    expect(await teamState(team.id)).toBe('draft');

    const grown = await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '先锋队',
      coach: '张老师',
      members: cards([wang, zhao]),
    });
    expect(grown.json().data).toMatchObject({ state: 'draft', missing: [] });
    kit.clock = START + 1000;
    const submitted = await submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({
      state: 'submitted',
      stateLabel: '待审核',
      submittedTime: iso(START + 1000),
    });
    expect((await submit()).json()).toEqual({ status: 409, message: '队伍已提交，正在等待审核' });

    // Still complete after the edit: still waiting for review.
    const edited = await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '先锋队',
      coach: '张老师',
      members: cards([wang, zhao, li]),
    });
    expect(edited.json().data).toMatchObject({ state: 'submitted', memberCount: 3 });
    // Approved, then edited: waits for review again.
    await kit.server.db.kysely.updateTable('matchTeam').set({ state: 'approved' }).where('id', '=', team.id).execute();
    expect((await submit()).json()).toEqual({ status: 409, message: '队伍已通过审核，无需再次提交' });
    const afterApproval = await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '先锋队',
      coach: '王老师',
      members: cards([wang, zhao, li]),
    });
    expect(afterApproval.json().data).toMatchObject({ state: 'submitted', reviewedTime: null });
    // Below the minimum after the edit: a draft again.
    const shrunk = await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '先锋队',
      coach: '王老师',
      members: cards([wang]),
    });
    expect(shrunk.json().data).toMatchObject({ state: 'draft', submittedTime: null });
    expect((await teamAudits(kit.server, team.id)).map((entry) => entry.action)).toEqual([
      'insert',
      'update',
      'submit',
      'update',
      'update',
      'update',
    ]);
  });

  it('counts the attachments the item asks for before a submit', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const team = await createTeam(event.withFiles, cards(kit.world.pupilsOfA.slice(0, 1)));
    const submit = () => asA('POST', `${WORKBENCH}/teams/${team.id}/submit`);
    expect((await submit()).json().message).toBe(
      '还不能提交：缺少设计报告（PDF）；照片应为 2–5 张，现有 0 张；缺少视频',
    );
    await addFileRows(kit.server, team.id, 'report', 1);
    await addFileRows(kit.server, team.id, 'photo', 1);
    expect((await submit()).json().message).toBe('还不能提交：照片应为 2–5 张，现有 1 张；缺少视频');
    await addFileRows(kit.server, team.id, 'photo', 1);
    await addFileRows(kit.server, team.id, 'video', 1);
    const detail = (await asA('GET', `${WORKBENCH}/teams/${team.id}`)).json().data;
    expect(detail.missing).toEqual([]);
    expect(detail.files.map((file: { kind: string }) => file.kind)).toEqual(['report', 'photo', 'photo', 'video']);
    expect((await submit()).statusCode).toBe(200);
  });

  it('withdraws a team with its members, attachment rows and stored files', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const team = await createTeam(event.withFiles, cards(kit.world.pupilsOfA.slice(0, 2)));
    const [stored] = await addFileRows(kit.server, team.id, 'report', 1);
    const dir = teamFileDirOf(kit.server.dataDir);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, stored ?? ''), '%PDF-1.4');
    const withdrawn = await asA('DELETE', `${WORKBENCH}/teams/${team.id}`);
    expect(withdrawn.json()).toEqual({ status: 200, message: expect.any(String), data: {} });
    for (const table of ['matchTeam', 'matchTeamMember', 'matchTeamFile'] as const) {
      const left = await kit.server.db.kysely
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where(table === 'matchTeam' ? 'id' : 'teamId', '=', team.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    await expect(fs.stat(path.join(dir, stored ?? ''))).rejects.toThrow();
    expect((await teamAudits(kit.server, team.id)).at(-1)).toMatchObject({ action: 'delete' });
    // Its pupils are free for another team of the item.
    await createTeam(event.withFiles, cards(kit.world.pupilsOfA.slice(0, 2)));
    expect((await asA('GET', `${WORKBENCH}/teams/${team.id}`)).statusCode).toBe(404);
  });
});

describe('the registration window, on the server clock', () => {
  it('refuses every change before the window opens and from the instant it closes; a hidden event is not found', async () => {
    const opens = START + HOUR;
    const closes = START + 2 * HOUR;
    const event = await buildOpenEvent(kit.server, kit.world, { opens, closes });
    const body = {
      itemId: event.plain,
      name: '早到队',
      coach: '张老师',
      members: cards(kit.world.pupilsOfA.slice(0, 2)),
    };
    const early = await asA('POST', `${WORKBENCH}/teams`, body);
    expect(early.json()).toEqual({ status: 409, message: '报名尚未开始（2026-05-10 13:00 北京时间开始）' });
    expect((await asA('GET', `${WORKBENCH}/events?pageSize=50`)).json().data.list).not.toContainEqual(
      expect.objectContaining({ id: event.id }),
    );

    kit.clock = opens;
    const team = await createTeam(event.plain, body.members, '准时队');
    kit.clock = closes - 1;
    expect((await asA('PUT', `${WORKBENCH}/teams/${team.id}`, { ...body, itemId: undefined })).statusCode).toBe(200);

    const before = await snapshot();
    const late = '报名已于 2026-05-10 14:00（北京时间）截止，不能再修改';
    for (const at of [closes, closes + 1000]) {
      kit.clock = at;
      const { itemId: _itemId, ...edit } = body;
      for (const [method, url, payload] of [
        ['POST', `${WORKBENCH}/teams`, { ...body, name: '迟到队' }],
        ['PUT', `${WORKBENCH}/teams/${team.id}`, edit],
        ['POST', `${WORKBENCH}/teams/${team.id}/submit`, undefined],
        ['DELETE', `${WORKBENCH}/teams/${team.id}`, undefined],
      ] as const) {
        const response = await asA(method, url, payload);
        expect(response.json(), `${method} ${url} at ${iso(at)}`).toEqual({ status: 409, message: late });
      }
    }
    expect(await snapshot()).toEqual(before);
    // Still listed for the institution that has a team in it, closed now; the team reads as no longer editable.
    const listed = (await asA('GET', `${WORKBENCH}/events?pageSize=50`)).json().data.list;
    expect(listed.find((row: { id: number }) => row.id === event.id)).toMatchObject({ open: false, teamCount: 1 });
    expect((await asA('GET', `${WORKBENCH}/teams/${team.id}`)).json().data.editable).toBe(false);

    const hidden = await buildOpenEvent(kit.server, kit.world, { visible: false });
    const refused = await asA('POST', `${WORKBENCH}/teams`, { ...body, itemId: hidden.plain });
    expect(refused.json()).toEqual({ status: 404, message: '赛事不存在' });
    expect((await asA('POST', `${WORKBENCH}/teams`, { ...body, itemId: 2_147_483_647 })).json()).toEqual({
      status: 404,
      message: '项目不存在',
    });
  });

  it('refuses a submit arriving one second after the close, though the page was opened before it', async () => {
    const closes = START + 10 * 60_000;
    const event = await buildOpenEvent(kit.server, kit.world, { closes });
    const team = await createTeam(event.plain, cards(kit.world.pupilsOfA.slice(0, 2)));
    kit.clock = closes - 60_000;
    expect((await asA('GET', `${WORKBENCH}/teams/${team.id}`)).json().data.editable).toBe(true);
    kit.clock = closes + 1000;
    const late = await asA('POST', `${WORKBENCH}/teams/${team.id}/submit`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('截止');
    expect(await teamState(team.id)).toBe('draft');
    kit.clock = closes - 1;
    expect((await asA('POST', `${WORKBENCH}/teams/${team.id}/submit`)).statusCode).toBe(200);
  });
});

describe("another institution's team", () => {
  it('is not found on any call, and nothing changes', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const mine = await createTeam(event.plain, cards(kit.world.pupilsOfA.slice(0, 2)));
    const theirs = (
      await asB('POST', `${WORKBENCH}/teams`, {
        itemId: event.plain,
        name: '乙队',
        coach: '钱老师',
        members: cards(kit.world.pupilsOfB),
      })
    ).json().data;
    await addFileRows(kit.server, mine.id, 'report', 1);
    await addFileRows(kit.server, theirs.id, 'report', 1);
    const fileIds = async (teamId: number) =>
      (await kit.server.db.kysely.selectFrom('matchTeamFile').select('id').where('teamId', '=', teamId).execute()).map(
        (row) => Number(row.id),
      );
    const before = await snapshot();
    const attempts = async (id: number, members: string[]) => {
      const [fileId] = await fileIds(id);
      return [
        ['GET', `${WORKBENCH}/teams/${id}`, undefined],
        ['PUT', `${WORKBENCH}/teams/${id}`, { name: '改名', coach: '某老师', members }],
        ['POST', `${WORKBENCH}/teams/${id}/submit`, undefined],
        ['DELETE', `${WORKBENCH}/teams/${id}`, undefined],
        ['GET', `${WORKBENCH}/teams/${id}/files/${fileId}`, undefined],
        ['DELETE', `${WORKBENCH}/teams/${id}/files/${fileId}`, undefined],
        ['POST', `${WORKBENCH}/teams/${id}/uploads`, { kind: 'report', fileName: 'report.pdf', size: 1000 }],
      ] as const;
    };
    const notFound = { status: 404, message: '未找到该队伍' };
    for (const [method, url, payload] of await attempts(theirs.id, cards(kit.world.pupilsOfA.slice(0, 2)))) {
      expect((await asA(method, url, payload)).json(), `A: ${method} ${url}`).toEqual(notFound);
    }
    for (const [method, url, payload] of await attempts(mine.id, cards(kit.world.pupilsOfB))) {
      expect((await asB(method, url, payload)).json(), `B: ${method} ${url}`).toEqual(notFound);
    }
    // An id nobody has answers the same.
    expect((await asA('GET', `${WORKBENCH}/teams/2147483647`)).json().message).toBe('未找到该队伍');
    expect(await snapshot()).toEqual(before);
    // Each list holds its own institution's teams only.
    const listOf = async (as: typeof asA) =>
      (await as('GET', `${WORKBENCH}/teams?eventId=${event.id}`)).json().data.list.map((row: { id: number }) => row.id);
    expect(await listOf(asA)).toEqual([mine.id]);
    expect(await listOf(asB)).toEqual([theirs.id]);
  });

  it('needs an institution account: a pupil or an operator is refused', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const body = { itemId: event.plain, name: '队', coach: '师', members: cards(kit.world.pupilsOfA.slice(0, 2)) };
    for (const cardNo of [kit.world.pupilsOfA[0].cardNo, kit.world.accounts.operator]) {
      expect((await callAs(kit.server, cardNo, 'POST', `${WORKBENCH}/teams`, body)).statusCode).toBe(403);
    }
    expect((await kit.server.app.inject({ method: 'POST', url: `${WORKBENCH}/teams`, payload: body })).statusCode).toBe(
      401,
    );
  });
});

describe('bad input', () => {
  it('is refused with a Chinese 4xx and changes nothing', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const team = await createTeam(event.plain, cards(kit.world.pupilsOfA.slice(0, 2)));
    const good = {
      itemId: event.plain,
      name: '好队',
      coach: '张老师',
      members: cards(kit.world.pupilsOfA.slice(2, 4)),
    };
    const { itemId: _itemId, ...goodEdit } = good;
    const before = await snapshot();
    const bodies: [string, unknown][] = [
      ['fee', { ...good, fee: 100 }],
      ['price on an edit', { ...goodEdit, price: 1 }],
      ['itemId on an edit', { ...goodEdit, itemId: event.withFiles }],
      ['item as text', { ...good, itemId: String(event.plain) }],
      ['item past the id limit', { ...good, itemId: 2 ** 31 }],
      ['members as text', { ...good, members: 'abc' }],
      ['no members', { ...good, members: [] }],
      ['a member twice', { ...good, members: [good.members[0], good.members[0]] }],
      ['a card that is no card', { ...good, members: ['12ab'] }],
      ['eleven members', { ...good, members: Array.from({ length: 11 }, (_, n) => `7200000${n}`.padEnd(8, '0')) }],
      ['empty name', { ...good, name: '   ' }],
      ['long coach', { ...good, coach: '师'.repeat(41) }],
      ['an array', [good]],
      ['null', null],
    ];
    for (const [what, payload] of bodies) {
      const isEdit = what.includes('edit');
      const response = await asA(isEdit ? 'PUT' : 'POST', `${WORKBENCH}/teams${isEdit ? `/${team.id}` : ''}`, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().message, what).toMatch(/[\u4e00-\u9fff]/);
    }
    const huge = await kit.server.app.inject({
      method: 'POST',
      url: `${WORKBENCH}/teams`,
      headers: {
        authorization: await kit.server.cardTokenFor(kit.world.accounts.schoolA),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...good, name: 'x'.repeat(10 * 1024 * 1024) }),
    });
    // Past the body limit (256 KB) before any of it is parsed: 413, in the envelope.
    expect(huge.json()).toEqual({ status: 413, message: '请求内容过大' });
    for (const url of [`${WORKBENCH}/teams/abc`, `${WORKBENCH}/teams/-1`, `${WORKBENCH}/teams/99999999999`]) {
      expect((await asA('GET', url)).statusCode, url).toBe(400);
    }
    expect((await asA('GET', `${WORKBENCH}/teams?eventId=x`)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the public pages', () => {
  it('keep their cached answers through team writes: the site version does not move', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const version = async () =>
      Number(
        (await sql<{ version: number }>`select version from site_version where id = 1`.execute(kit.server.db.kysely))
          .rows[0]?.version,
      );
    const before = await version();
    const team = await createTeam(event.plain, cards(kit.world.pupilsOfA.slice(0, 2)));
    await asA('PUT', `${WORKBENCH}/teams/${team.id}`, {
      name: '改',
      coach: '师',
      members: cards(kit.world.pupilsOfA.slice(0, 3)),
    });
    await asA('POST', `${WORKBENCH}/teams/${team.id}/submit`);
    await callAs(kit.server, kit.world.accounts.organiser, 'POST', `${WORKBENCH}/organised/teams/${team.id}/approve`);
    await asA('DELETE', `${WORKBENCH}/teams/${team.id}`);
    expect(await version()).toBe(before);
    expect(await countRows(kit.server, 'matchTeam')).toBeGreaterThan(0);
  });
});
