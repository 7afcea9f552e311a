import { randomBytes } from 'node:crypto';
import type { TeamFileKind } from '@lianmeng/core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildCardHolder, buildEvent, buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';

export const WORKBENCH = '/api/creditBank/institution/match';
export const ORGANISED = '/api/creditBank/institution/match/organised';
export const OPERATOR = '/api/creditBank/review/match';

/** The server's clock in these tests, moved by them; windows are placed around it. */
export const START = Date.parse('2026-05-10T04:00:00.000Z');
export const HOUR = 3_600_000;
export const iso = (time: number) => new Date(time).toISOString();

let counter = 0;
/** A card number no other test of the run uses (each test server has a database of its own, but keep them apart). */
const nextCard = (prefix: string) => {
  counter += 1;
  return `${prefix}${String(counter).padStart(6, '0')}`;
};

export interface Pupil {
  cardNo: string;
  name: string;
}

/** A card holder linked to these institutions (the school's own people a team is made of). */
export const buildPupil = async (
  server: TestServer,
  values: { cardNo: string; name: string; institutionIds: number[]; activationState?: 'active' | 'pending' },
): Promise<Pupil> => {
  const { cardNo, name, institutionIds } = values;
  const activationState = values.activationState ?? 'active';
  await buildCardHolder(server.db, {
    cardNo,
    phone: `13${cardNo.slice(0, 1)}${cardNo.slice(-8)}`,
    name,
    activationState,
  });
  for (const institutionId of institutionIds) {
    await server.db.kysely
      .insertInto('institutionMember')
      .values({ institutionId, cardNo, how: 'linked', batchId: null, linkTime: iso(START), activationState })
      .execute();
  }
  return { cardNo, name };
};

/**
 * An organising institution and two schools, each with an account; a plain operator and an operator who is
 * also school A's account; pupils of A (one not yet activated), of B, one linked to both, and one of nobody.
 */
export const buildRegistrationWorld = async (server: TestServer) => {
  const db = server.db;
  const organiser = await buildInstitution(db, { name: '市青少年科技中心', kind: 'eventOrganiser' });
  const schoolA = await buildInstitution(db, { name: '甲学校' });
  const schoolB = await buildInstitution(db, { name: '乙学校' });
  const accounts = {
    organiser: '80000001',
    schoolA: '80000002',
    schoolB: '80000003',
    operator: '80000004',
    operatorOfA: '80000005',
  };
  await buildInstitutionAccount(db, { cardNo: accounts.organiser, phone: '13700000001', institutionId: organiser.id });
  await buildInstitutionAccount(db, { cardNo: accounts.schoolA, phone: '13700000002', institutionId: schoolA.id });
  await buildInstitutionAccount(db, { cardNo: accounts.schoolB, phone: '13700000003', institutionId: schoolB.id });
  await buildCardHolder(db, {
    cardNo: accounts.operator,
    phone: '13700000004',
    operator: true,
    school: '联盟认证中心',
  });
  await buildCardHolder(db, {
    cardNo: accounts.operatorOfA,
    phone: '13700000005',
    operator: true,
    institution: true,
    institutionId: schoolA.id,
    school: '甲学校',
  });

  const pupilOf = (name: string, institutionIds: number[], activationState: 'active' | 'pending' = 'active') =>
    buildPupil(server, { cardNo: nextCard('71'), name, institutionIds, activationState });
  const pupilsOfA: [Pupil, Pupil, Pupil, Pupil, Pupil] = [
    await pupilOf('王小明', [schoolA.id]),
    await pupilOf('赵小红', [schoolA.id]),
    await pupilOf('李大伟', [schoolA.id]),
    await pupilOf('周小芳', [schoolA.id]),
    await pupilOf('吴未激', [schoolA.id], 'pending'),
  ];
  const pupilsOfB: [Pupil, Pupil] = [await pupilOf('钱小刚', [schoolB.id]), await pupilOf('孙小丽', [schoolB.id])];
  const shared = await pupilOf('欧阳小锋', [schoolA.id, schoolB.id]);
  const nobody = await pupilOf('郑无校', []);
  return { organiser, schoolA, schoolB, accounts, pupilsOfA, pupilsOfB, shared, nobody };
};

export type RegistrationWorld = Awaited<ReturnType<typeof buildRegistrationWorld>>;

/** What {@link setupRegistrationWorld} hands a suite (other suites rely on this shape: extend it, do not change it). */
export interface RegistrationKit {
  /** The suite's server; read it inside hooks and tests only (it is built in `beforeAll`). */
  readonly server: TestServer;
  /** The world built in that server; same rule as `server`. */
  readonly world: RegistrationWorld;
  /** The server's clock in milliseconds: set it to move time; it goes back to its start before every test. */
  clock: number;
}

/**
 * The setup a registration or results suite shares: one test server on a clock the suite moves, the
 * registration world built in it, the clock reset to `start` (START unless told) before each test, the server
 * closed after the suite. Call it once, at the top level of the test file, and keep the object it returns:
 * its `server` and `world` are getters, so destructuring them at the top level would read them too early.
 * (Named like msw's `setupServer`, not `use…`: biome's hook rule treats a `use…` call at module level as a misplaced React hook.)
 */
export const setupRegistrationWorld = (options: { start?: number } = {}): RegistrationKit => {
  const start = options.start ?? START;
  let server: TestServer | undefined;
  let world: RegistrationWorld | undefined;
  const kit: RegistrationKit = {
    clock: start,
    get server() {
      if (server === undefined)
        throw new Error('setupRegistrationWorld: the server is built in beforeAll; read it in a test');
      return server;
    },
    get world() {
      if (world === undefined)
        throw new Error('setupRegistrationWorld: the world is built in beforeAll; read it in a test');
      return world;
    },
  };
  beforeAll(async () => {
    server = await createTestServer({}, () => new Date(kit.clock));
    world = await buildRegistrationWorld(server);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    kit.clock = start;
  });
  return kit;
};

/**
 * A shown event of the world's organiser, open from an hour before START until an hour after it unless told
 * otherwise, with a plain item (2–3 members, no attachments) and one asking for every attachment (1–2).
 */
export const buildOpenEvent = async (
  server: TestServer,
  world: RegistrationWorld,
  values: { opens?: number; closes?: number; visible?: boolean; organizerId?: number } = {},
) => {
  const { id } = await buildEvent(server.db, {
    organizerId: values.organizerId ?? world.organiser.id,
    registrationOpens: iso(values.opens ?? START - HOUR),
    registrationCloses: iso(values.closes ?? START + HOUR),
    visible: values.visible ?? true,
    items: [
      { name: '机器人足球', minMembers: 2, maxMembers: 3 },
      { name: '轮式竞速', minMembers: 1, maxMembers: 2 },
    ],
  });
  const items = await server.db.kysely
    .selectFrom('matchEventItem')
    .select(['id', 'name'])
    .where('eventId', '=', id)
    .orderBy('position')
    .execute();
  const plain = Number(items[0]?.id);
  const withFiles = Number(items[1]?.id);
  await server.db.kysely
    .updateTable('matchEventItem')
    .set({ needsReport: 1, needsPhotos: 1, needsVideo: 1 })
    .where('id', '=', withFiles)
    .execute();
  return { id, plain, withFiles };
};

/** A call as the card account `cardNo`, with a token issued on the server's clock as it stands now. */
export const callAs = async (
  server: TestServer,
  cardNo: string,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers: { authorization: await server.cardTokenFor(cardNo) },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

const EXTENSIONS: Record<TeamFileKind, string> = { report: 'pdf', photo: 'png', video: 'mp4' };

/** Attachment rows as if uploaded (the bytes are the upload calls' business): `count` of `kind`. */
export const addFileRows = async (server: TestServer, teamId: number, kind: TeamFileKind, count: number) => {
  const storedNames: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const row = await server.db.kysely
      .insertInto('matchTeamFile')
      .values({
        teamId,
        kind,
        fileName: `${kind}-${n}`,
        contentType: kind === 'report' ? 'application/pdf' : kind === 'photo' ? 'image/png' : 'video/mp4',
        size: 1000,
        durationSeconds: kind === 'video' ? 60 : null,
        sha256: '0'.repeat(64),
        storedName: `${randomBytes(16).toString('hex')}.${EXTENSIONS[kind]}`,
        createdBy: 'test',
        createTime: iso(START),
      })
      .returning('storedName')
      .executeTakeFirstOrThrow();
    storedNames.push(row.storedName);
  }
  return storedNames;
};

export const countRows = async (server: TestServer, table: 'matchTeam' | 'matchTeamMember' | 'matchTeamFile') =>
  Number(
    (
      await server.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The audit entries about one team, oldest first. */
export const teamAudits = (server: TestServer, teamId: number) =>
  server.db.kysely
    .selectFrom('auditLog')
    .select(['action', 'username', 'institutionId', 'detail'])
    .where('targetType', '=', 'matchTeam')
    .where('targetId', '=', String(teamId))
    .orderBy('id')
    .execute();

/**
 * A team written straight into the database in a given state (the registration calls are tested on their
 * own), for the later steps of a season: review, results, objections.
 */
export const buildTeamRow = async (
  server: TestServer,
  values: {
    eventId: number;
    itemId: number;
    institutionId: number;
    members: string[];
    state?: 'draft' | 'submitted' | 'returned' | 'approved';
    name?: string;
  },
) => {
  counter += 1;
  const state = values.state ?? 'approved';
  const at = iso(START);
  const team = await server.db.kysely
    .insertInto('matchTeam')
    .values({
      eventId: values.eventId,
      itemId: values.itemId,
      institutionId: values.institutionId,
      name: values.name ?? `队伍${counter}`,
      coach: '张老师',
      state,
      submittedTime: state === 'draft' ? null : at,
      reviewedTime: state === 'approved' || state === 'returned' ? at : null,
      reviewedBy: null,
      createdBy: 'test',
      createTime: at,
      updateTime: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teamId = Number(team.id);
  if (values.members.length > 0) {
    await server.db.kysely
      .insertInto('matchTeamMember')
      .values(values.members.map((cardNo, position) => ({ teamId, itemId: values.itemId, cardNo, position })))
      .execute();
  }
  return teamId;
};
