import { describe, expect, it } from 'vitest';
import { buildInstitution } from '../../testing/factories';
import {
  buildOpenEvent,
  callAs,
  HOUR,
  OPERATOR,
  ORGANISED,
  START,
  setupRegistrationWorld,
  teamAudits,
  WORKBENCH,
} from './registrationTestKit';

const kit = setupRegistrationWorld();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asOrganiser = (method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.organiser, method, url, payload);
const asOperator = (method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, kit.world.accounts.operator, method, url, payload);

/** The pupil of nobody, linked to the organiser (once), so the organiser can enter a team of its own. */
const organisersOwnPupil = async () => {
  const cardNo = kit.world.nobody.cardNo;
  await kit.server.db.kysely
    .insertInto('institutionMember')
    .values({
      institutionId: kit.world.organiser.id,
      cardNo,
      how: 'linked',
      batchId: null,
      linkTime: new Date(START).toISOString(),
      activationState: 'active',
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return cardNo;
};

/** A team of `account`'s institution for the event's plain item, handed in unless `draft`. */
const teamOf = async (account: string, itemId: number, members: string[], options: { draft?: boolean } = {}) => {
  const created = await callAs(kit.server, account, 'POST', `${WORKBENCH}/teams`, {
    itemId,
    name: `队${Math.random().toString(36).slice(2, 8)}`,
    coach: '张老师',
    members,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  if (!options.draft) {
    const submitted = await callAs(kit.server, account, 'POST', `${WORKBENCH}/teams/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  return id;
};

const stateOf = async (id: number) =>
  kit.server.db.kysely
    .selectFrom('matchTeam')
    .select(['state', 'returnReason', 'reviewedBy', 'reviewedTime'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const pupilsA = () => kit.world.pupilsOfA.map((pupil) => pupil.cardNo);
const pupilsB = () => kit.world.pupilsOfB.map((pupil) => pupil.cardNo);

describe('review by the organiser', () => {
  it('lists its events with teams counted by state, drafts left out; the teams waiting first; members masked', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const draft = await teamOf(kit.world.accounts.schoolA, event.plain, pupilsA().slice(0, 1), { draft: true });
    kit.clock = START + 1000;
    const fromB = await teamOf(kit.world.accounts.schoolB, event.plain, pupilsB());
    kit.clock = START + 2000;
    const fromA = await teamOf(kit.world.accounts.schoolA, event.plain, pupilsA().slice(1, 3));

    const events = (await asOrganiser('GET', `${ORGANISED}/events?pageSize=50`)).json().data;
    expect(events.list.find((row: { id: number }) => row.id === event.id)).toMatchObject({
      phaseLabel: '报名中',
      counts: { submitted: 2, returned: 0, approved: 0 },
    });
    const teams = (await asOrganiser('GET', `${ORGANISED}/events/${event.id}/teams`)).json().data;
    expect(teams.total).toBe(2);
    expect(teams.list.map((row: { id: number }) => row.id)).toEqual([fromB, fromA]);
    expect((await asOrganiser('GET', `${ORGANISED}/events/${event.id}/teams?state=draft`)).json().data).toEqual({
      list: [],
      total: 0,
    });
    expect((await asOrganiser('GET', `${ORGANISED}/teams/${draft}`)).json()).toEqual({
      status: 404,
      message: '未找到该队伍',
    });

    const detail = (await asOrganiser('GET', `${ORGANISED}/teams/${fromA}`)).json().data;
    expect(detail.institutionName).toBe('甲学校');
    expect(detail.members.map((member: { name: string }) => member.name)).toEqual(['赵*红', '李*伟']);
    for (const member of detail.members) expect(member.cardNo).toMatch(/^71\*{4}\d{2}$/);
    // The school itself sees the names.
    const own = (await callAs(kit.server, kit.world.accounts.schoolA, 'GET', `${WORKBENCH}/teams/${fromA}`)).json()
      .data;
    expect(own.members.map((member: { name: string }) => member.name)).toEqual(['赵小红', '李大伟']);
  });

  it('approves or returns a waiting team once, after the window too; a returned team is fixed and handed in again', async () => {
    const event = await buildOpenEvent(kit.server, kit.world, { closes: START + HOUR });
    const team = await teamOf(kit.world.accounts.schoolA, event.plain, pupilsA().slice(0, 2));
    const returned = await asOrganiser('POST', `${ORGANISED}/teams/${team}/return`, { reason: '队员年级不符' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({
      state: 'returned',
      stateLabel: '已退回',
      returnReason: '队员年级不符',
    });
    expect((await asOrganiser('POST', `${ORGANISED}/teams/${team}/approve`)).json()).toEqual({
      status: 409,
      message: '只能审核待审核的队伍（该队伍现为已退回）',
    });

    // The school sees the reason, fixes the team and hands it in again.
    const seen = (await callAs(kit.server, kit.world.accounts.schoolA, 'GET', `${WORKBENCH}/teams/${team}`)).json()
      .data;
    expect(seen).toMatchObject({ state: 'returned', returnReason: '队员年级不符', editable: true });
    const fixed = await callAs(kit.server, kit.world.accounts.schoolA, 'PUT', `${WORKBENCH}/teams/${team}`, {
      name: '修正队',
      coach: '张老师',
      members: pupilsA().slice(2, 4),
    });
    expect(fixed.json().data.state).toBe('returned');
    const again = await callAs(kit.server, kit.world.accounts.schoolA, 'POST', `${WORKBENCH}/teams/${team}/submit`);
    expect(again.json().data).toMatchObject({ state: 'submitted', returnReason: '' });

    // The window closes; review goes on.
    kit.clock = START + 2 * HOUR;
    const approved = await asOrganiser('POST', `${ORGANISED}/teams/${team}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'approved', editable: false });
    const before = await stateOf(team);
    expect(before).toMatchObject({ state: 'approved', reviewedBy: kit.world.accounts.organiser });
    const twice = await asOrganiser('POST', `${ORGANISED}/teams/${team}/approve`);
    expect(twice.json()).toEqual({ status: 409, message: '只能审核待审核的队伍（该队伍现为已通过）' });
    expect((await asOrganiser('POST', `${ORGANISED}/teams/${team}/return`, { reason: '再退回' })).statusCode).toBe(409);
    expect(await stateOf(team)).toEqual(before);

    const audits = await teamAudits(kit.server, team);
    expect(audits.map((entry) => entry.action)).toEqual(['insert', 'submit', 'return', 'update', 'submit', 'approve']);
    expect(audits.find((entry) => entry.action === 'return')).toMatchObject({
      username: `卡号${kit.world.accounts.organiser}`,
      institutionId: kit.world.schoolA.id,
    });
    expect(JSON.parse(audits.find((entry) => entry.action === 'return')?.detail ?? '{}')).toMatchObject({
      reason: '队员年级不符',
      reviewer: 'organiser',
      organizerId: kit.world.organiser.id,
      result: 'ok',
    });
  });

  it('decides a team once when two reviewers approve it at the same moment', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const team = await teamOf(kit.world.accounts.schoolB, event.plain, pupilsB());
    const answers = await Promise.all([
      asOrganiser('POST', `${ORGANISED}/teams/${team}/approve`),
      asOperator('POST', `${OPERATOR}/teams/${team}/approve`),
      asOrganiser('POST', `${ORGANISED}/teams/${team}/return`, { reason: '同时退回' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      (await teamAudits(kit.server, team)).filter((entry) => ['approve', 'return'].includes(entry.action)),
    ).toHaveLength(1);
  });

  it("reaches only the events it organises: another organiser's event or team is not found", async () => {
    const other = await buildInstitution(kit.server.db, { name: '另一承办单位', kind: 'eventOrganiser' });
    const event = await buildOpenEvent(kit.server, kit.world, { organizerId: other.id });
    const team = await teamOf(kit.world.accounts.schoolA, event.plain, pupilsA().slice(0, 2));
    const before = await stateOf(team);
    expect((await asOrganiser('GET', `${ORGANISED}/events?pageSize=50`)).json().data.list).not.toContainEqual(
      expect.objectContaining({ id: event.id }),
    );
    for (const [method, url, payload] of [
      ['GET', `${ORGANISED}/events/${event.id}/teams`, undefined],
      ['GET', `${ORGANISED}/teams/${team}`, undefined],
      ['POST', `${ORGANISED}/teams/${team}/approve`, undefined],
      ['POST', `${ORGANISED}/teams/${team}/return`, { reason: '不属于你' }],
    ] as const) {
      const response = await asOrganiser(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await stateOf(team)).toEqual(before);
    // The operator reaches every event.
    expect((await asOperator('GET', `${OPERATOR}/events?pageSize=50`)).json().data.list).toContainEqual(
      expect.objectContaining({ id: event.id, counts: { submitted: 1, returned: 0, approved: 0 } }),
    );
    expect((await asOperator('POST', `${OPERATOR}/teams/${team}/approve`)).statusCode).toBe(200);
  });

  it("never reviews its own institution's team: organiser and operator alike get 403", async () => {
    // The organiser registers a team of its own pupils in its own event.
    const event = await buildOpenEvent(kit.server, kit.world);
    const ownPupil = await organisersOwnPupil();
    const own = await teamOf(kit.world.accounts.organiser, event.withFiles, [ownPupil], { draft: true });
    await kit.server.db.kysely.updateTable('matchTeam').set({ state: 'submitted' }).where('id', '=', own).execute();
    const refused = await asOrganiser('POST', `${ORGANISED}/teams/${own}/approve`);
    expect(refused.json()).toEqual({ status: 403, message: '不能审核本机构报名的队伍' });
    expect((await stateOf(own)).state).toBe('submitted');

    // An operator who is also school A's account does not review school A's team.
    const fromA = await teamOf(kit.world.accounts.schoolA, event.plain, pupilsA().slice(0, 2));
    const asOperatorOfA = (
      await callAs(kit.server, kit.world.accounts.operatorOfA, 'POST', `${OPERATOR}/teams/${fromA}/return`, {
        reason: '自己审自己',
      })
    ).json();
    expect(asOperatorOfA).toEqual({ status: 403, message: '不能审核本机构报名的队伍' });
    expect((await stateOf(fromA)).state).toBe('submitted');
    expect((await asOperator('POST', `${OPERATOR}/teams/${fromA}/approve`)).statusCode).toBe(200);
  });

  it('at a school’s own meeting (校级) the organising school admits its own teams', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    await kit.server.db.kysely.updateTable('matchEvent').set({ level: '校级' }).where('id', '=', event.id).execute();
    const ownPupil = await organisersOwnPupil();
    const own = await teamOf(kit.world.accounts.organiser, event.plain, [ownPupil], { draft: true });
    await kit.server.db.kysely.updateTable('matchTeam').set({ state: 'submitted' }).where('id', '=', own).execute();
    expect((await asOrganiser('POST', `${ORGANISED}/teams/${own}/approve`)).statusCode).toBe(200);
    expect((await stateOf(own)).state).toBe('approved');
  });

  it('refuses a bad return reason or body, and callers without the role', async () => {
    const event = await buildOpenEvent(kit.server, kit.world);
    const team = await teamOf(kit.world.accounts.schoolB, event.plain, pupilsB());
    for (const payload of [
      {},
      { reason: '短' },
      { reason: '原因'.repeat(300) },
      { reason: '理由充分', fee: 1 },
      { reason: 12 },
    ]) {
      const response = await asOrganiser('POST', `${ORGANISED}/teams/${team}/return`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await asOrganiser('GET', `${ORGANISED}/events/${event.id}/teams?state=late`)).statusCode).toBe(400);
    // A school account is no operator; an operator without an institution is no organiser.
    expect(
      (await callAs(kit.server, kit.world.accounts.schoolB, 'POST', `${OPERATOR}/teams/${team}/approve`)).statusCode,
    ).toBe(403);
    expect((await asOperator('POST', `${ORGANISED}/teams/${team}/approve`)).statusCode).toBe(403);
    expect((await stateOf(team)).state).toBe('submitted');
  });
});
