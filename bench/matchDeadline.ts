// Deadline day for match registration: the last hour before an event's registration closes, 500 teams of
// 50 schools are created and then submitted at once (50 connections, each a different school's account,
// each request a different team), against the site as `npm start` runs it: one process on SQLite, two
// processes on one PostgreSQL database with the load split between them. Meanwhile 5 visitors read the
// public event page (/match/event/<id>, rendered on the server) and its API detail back to back; their p99
// with no registration load, measured right before on the same processes, is the baseline. Afterwards the
// database is counted: every team there once, submitted, no pupil in two teams of an item. Beside the client's
// times it prints the servers' own (their metrics' histograms) and the CPU the servers and the whole machine
// used, which tells a slow server from one waiting for a core on a shared machine.
// Goals: 0 errors, 0 lost or doubled teams, registration p99 ≤ 1 s, public page and detail p99 ≤ 200 ms
// under load. Exits 1 only on errors, lost or doubled teams; the time goals are printed as met or not met.
// Run: npx tsx bench/matchDeadline.ts   (after `npm run build`; BENCH_INSTITUTIONS, BENCH_TEAMS_PER_INSTITUTION,
// BENCH_POLLERS, BENCH_BASELINE_SECONDS shrink or grow it; TEST_POSTGRES_URL overrides the PostgreSQL server)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../apps/server/src/db/database';
import { insertBareHolders, insertSchools } from '../apps/server/src/testing/bulkRows';
import { freePort } from '../e2e/harness/ports';
import { benchServer, onBothDatabases, tokensOf } from './databaseRuns';
import type {
  CallFigures,
  PollJob,
  PollResult,
  RegisterJob,
  RegisterResult,
  Span,
  TeamToRegister,
} from './matchDeadlineLoad';
import { ROOT, spawnUntilHealthy, stop } from './processes';

const INSTITUTIONS = Number(process.env.BENCH_INSTITUTIONS ?? 50);
const TEAMS_PER_INSTITUTION = Number(process.env.BENCH_TEAMS_PER_INSTITUTION ?? 10);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 5);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 8);
const ITEMS = 2;
const TEAM_SIZE = 3;
/** Enough pupils for each school's teams of one item to be apart, and a few more than that. */
const PUPILS = Math.max(24, Math.ceil(TEAMS_PER_INSTITUTION / ITEMS) * TEAM_SIZE + 4);
const HOUR = 3_600_000;
const GOAL_REGISTRATION_P99_MS = 1000;
const GOAL_PAGE_P99_MS = 200;
const FIRST_PUPIL = 72_000_000;
const FIRST_ACCOUNT = 82_000_000;
const EVENT_NAME = '2026 年市青少年机器人运动会';
const LOAD_SCRIPT = path.join(ROOT, 'bench/matchDeadlineLoad.ts');

const teamCount = INSTITUTIONS * TEAMS_PER_INSTITUTION;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Prepared {
  eventId: number;
  /** The schools' ids, in worker order, and a warm-up school apart from them. */
  schools: number[];
  warmUpSchool: number;
  workers: { cardNo: string; teams: TeamToRegister[] }[];
  warmUp: { cardNo: string; teams: TeamToRegister[] };
}

/**
 * Written straight into the database: the organiser, a visible event open since an hour ago and closing in an
 * hour with two items (1–3 members, no attachments), the schools, each with an institution account and its
 * pupils linked, and the teams each will register (team j of a school: item j mod 2, three pupils of its own
 * no other team of that item has).
 */
const prepare = async (db: Db): Promise<Prepared> => {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const [organizerId = 0] = await insertSchools(db.kysely, {
    count: 1,
    codePrefix: 'ORG',
    namePrefix: '市青少年科技中心',
    at,
  });
  await db.kysely.updateTable('institution').set({ kind: 'eventOrganiser' }).where('id', '=', organizerId).execute();
  const schools = await insertSchools(db.kysely, {
    count: INSTITUTIONS + 1,
    codePrefix: 'DL',
    namePrefix: '报名学校',
    at,
  });
  const warmUpSchool = schools.pop() as number;
  const catalogue = await db.kysely
    .selectFrom('creditCatalogue')
    .select(['id', 'level'])
    .where('code', '=', 'MEET-R-CIT')
    .executeTakeFirstOrThrow();
  const closes = new Date(now + HOUR).toISOString();
  const event = await db.kysely
    .insertInto('matchEvent')
    .values({
      name: EVENT_NAME,
      season: '2026',
      type: 'regular',
      level: catalogue.level,
      organizerId,
      approvalNo: '体联赛〔2026〕31号',
      description: '报名截止前最后一小时的压力测试赛事。',
      registrationOpens: new Date(now - HOUR).toISOString(),
      registrationCloses: closes,
      resultsFrom: closes.slice(0, 10),
      objectionDays: 5,
      catalogueId: Number(catalogue.id),
      visible: 1,
      resultsPublishedTime: null,
      createTime: at,
      updateTime: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const eventId = Number(event.id);
  const items = await db.kysely
    .insertInto('matchEventItem')
    .values(
      ['机器人足球', '轮式竞速'].map((name, position) => ({ eventId, name, minMembers: 1, maxMembers: 3, position })),
    )
    .returning('id')
    .execute();
  const itemIds = items.map((row) => Number(row.id));

  const everySchool = [...schools, warmUpSchool];
  const accountOf = (index: number) => String(FIRST_ACCOUNT + index);
  const pupilOf = (school: number, n: number) => String(FIRST_PUPIL + school * 1000 + n);
  await db.kysely
    .insertInto('cardHolder')
    .values(
      everySchool.map((institutionId, index) => ({
        cardNo: accountOf(index),
        name: `报名老师${index}`,
        school: `报名学校${index}`,
        phone: '',
        passwordHash: '',
        operator: 0,
        institution: 1,
        institutionId,
        createTime: at,
        updateTime: at,
      })),
    )
    .execute();
  const pupils = everySchool.flatMap((_, school) => Array.from({ length: PUPILS }, (_, n) => pupilOf(school, n)));
  await insertBareHolders(db.kysely, pupils, at);
  for (const [school, institutionId] of everySchool.entries()) {
    await db.kysely
      .insertInto('institutionMember')
      .values(
        Array.from({ length: PUPILS }, (_, n) => ({
          institutionId,
          cardNo: pupilOf(school, n),
          how: 'linked',
          batchId: null,
          linkTime: at,
          activationState: 'active',
        })),
      )
      .execute();
  }

  const teamsOf = (school: number, count: number) =>
    Array.from({ length: count }, (_, j) => {
      const item = j % ITEMS;
      const k = Math.floor(j / ITEMS);
      return {
        itemId: itemIds[item] as number,
        name: `${item === 0 ? '足球' : '竞速'}${k + 1}队`,
        coach: `教练${school}`,
        members: Array.from({ length: TEAM_SIZE }, (_, m) => pupilOf(school, (item * 7 + k * TEAM_SIZE + m) % PUPILS)),
      };
    });
  return {
    eventId,
    schools,
    warmUpSchool,
    workers: schools.map((_, school) => ({ cardNo: accountOf(school), teams: teamsOf(school, TEAMS_PER_INSTITUTION) })),
    warmUp: { cardNo: accountOf(schools.length), teams: teamsOf(schools.length, 4) },
  };
};

/** Runs bench/matchDeadlineLoad.ts with `job`; `whileRunning` gets the child once it runs. */
const child = <T>(job: RegisterJob | PollJob, whileRunning?: (process: ChildProcess) => void) =>
  new Promise<T>((resolve, reject) => {
    const started = spawn(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, JSON.stringify(job)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    started.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`the load process exited with ${code}`)),
    );
    whileRunning?.(started);
  });

/** The public readers, running until `during` has resolved with the spans to report on. */
const pollWhile = (ports: number[], urls: string[], during: () => Promise<Span[]>) =>
  new Promise<PollResult>((resolve, reject) => {
    let failure: unknown;
    child<PollResult>({ role: 'poll', ports, urls, pollers: POLLERS, expect: EVENT_NAME }, (poller) => {
      poller.once('message', () => {
        during().then(
          (spans) => poller.send({ spans }),
          (error: unknown) => {
            failure = error;
            poller.kill();
          },
        );
      });
    }).then(resolve, (error: unknown) => reject(failure ?? error));
  });

const get = (port: number, url: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .on('error', reject);
  });

const startSites = async (count: number, dataDir: string, databaseUrl: string | undefined) => {
  const sites: { port: number; metricsPort: number; process: ChildProcess }[] = [];
  try {
    // The first process as `npm start` runs it, which builds whatever is stale; the second runs that same build
    // directly. Started through `npm start` as well, it would rebuild when a source changed in between, and
    // replace the portal's files under the first process, whose first render of a page reads them.
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const metricsPort = await freePort();
      const entry = index === 0 ? 'scripts/start.mjs' : 'apps/server/dist/main.js';
      const site = await spawnUntilHealthy(
        ['--max-semi-space-size=2', path.join(ROOT, entry)],
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl ?? '',
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          // Read before and after the load: the server's own time for each call, apart from the client's.
          METRICS_PORT: String(metricsPort),
          // Measured to saturation: load shedding would answer 503 instead.
          MAX_EVENT_LOOP_DELAY_MS: '0',
        },
        port,
        '/healthz',
      );
      sites.push({ port, metricsPort, process: site });
    }
    return sites;
  } catch (error) {
    for (const site of sites) await stop(site.process);
    throw error;
  }
};

/** The teams in the database against those sent: lost, doubled, not submitted, pupils in two teams of an item. */
const countTeams = async (db: Db, prepared: Prepared) => {
  const rows = await db.kysely
    .selectFrom('matchTeam')
    .select(['institutionId', 'itemId', 'name', 'state'])
    .where('eventId', '=', prepared.eventId)
    .where('institutionId', '!=', prepared.warmUpSchool)
    .execute();
  const found = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.institutionId}|${row.itemId}|${row.name}`;
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  const expected = prepared.workers.flatMap((worker, index) =>
    worker.teams.map((team) => `${prepared.schools[index]}|${team.itemId}|${team.name}`),
  );
  const expectedSet = new Set(expected);
  const lost = expected.filter((key) => !found.has(key)).length;
  const doubled =
    [...found.values()].reduce((sum, n) => sum + n - 1, 0) +
    [...found.keys()].filter((key) => !expectedSet.has(key)).length;
  const notSubmitted = rows.filter((row) => row.state !== 'submitted').length;
  const members = await db.kysely
    .selectFrom('matchTeamMember as m')
    .innerJoin('matchTeam as t', 't.id', 'm.teamId')
    .select(['m.itemId', 'm.cardNo'])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('t.eventId', '=', prepared.eventId)
    .where('t.institutionId', '!=', prepared.warmUpSchool)
    .groupBy(['m.itemId', 'm.cardNo'])
    .execute();
  const memberRows = members.reduce((sum, row) => sum + Number(row.n), 0);
  const pupilsTwice = members.filter((row) => Number(row.n) > 1).length;
  const audits = await db.kysely
    .selectFrom('auditLog')
    .select('action')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('targetType', '=', 'matchTeam')
    .groupBy('action')
    .execute();
  // The warm-up school's teams were each created and submitted once before the measured run.
  const audited = Object.fromEntries(audits.map((row) => [row.action, Number(row.n) - prepared.warmUp.teams.length]));
  return { teams: rows.length, lost, doubled, notSubmitted, memberRows, pupilsTwice, audited };
};

/** CPU seconds a process has used (user and system), from Linux's /proc; clock ticks are 1/100 s. */
const cpuSecondsOf = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The machine's CPU seconds, busy and in all, over every core, from /proc/stat. */
const machineCpu = async () => {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const ticks = line.split(/\s+/).slice(1).map(Number);
  const all = ticks.reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (all - idle) / 100, all: all / 100 };
};

const cpuNow = async (pids: number[]) => ({
  servers: await Promise.all(pids.map(cpuSecondsOf)),
  machine: await machineCpu(),
});

type CallKind = 'create' | 'submit';
/** Per call kind, how many answers the servers timed at or under each bound (seconds, `+Inf` for all). */
type ServerTimes = Record<CallKind, Record<string, number>>;
const ROUTES: Record<CallKind, string> = {
  create: '/api/creditBank/institution/match/teams',
  submit: '/api/creditBank/institution/match/teams/:id/submit',
};

/** The servers' latency histograms of the two calls, every status and every process added up. */
const serverTimes = async (metricsPorts: number[]) => {
  const times: ServerTimes = { create: {}, submit: {} };
  for (const port of metricsPorts) {
    const { text } = await get(port, '/metrics');
    for (const line of text.split('\n')) {
      if (!line.startsWith('http_request_duration_seconds_bucket{') || !line.includes('method="POST"')) continue;
      const le = /le="([^"]+)"/.exec(line)?.[1] ?? '';
      for (const kind of ['create', 'submit'] as const)
        if (line.includes(`route="${ROUTES[kind]}"`))
          times[kind][le] = (times[kind][le] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return times;
};

const errorsOf = (figures: CallFigures) =>
  Object.entries(figures.statuses)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, n]) => sum + n, 0);

const statusText = (figures: CallFigures) =>
  Object.entries(figures.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const met = (value: number, goal: number) => (value <= goal ? 'goal met' : 'not met');

interface Outcome {
  label: string;
  servers: number;
  registered: RegisterResult;
  baseline: PollResult;
  underLoad: PollResult;
  counted: Awaited<ReturnType<typeof countTeams>>;
  loadBefore: string;
  loadAfter: string;
  serverTime: ServerTimes;
  /** CPU seconds from the start of the registration process to the end of the load. */
  cpu: { servers: number[]; machineBusy: number; machineAll: number };
}

const measure = async (label: 'SQLite' | 'PostgreSQL', db: Db, dataDir: string, databaseUrl?: string) => {
  const prepared = await prepare(db);
  const app = await benchServer(db, dataDir);
  const tokenOf = (cardNo: string) => tokensOf(app).issue(cardNo, null);
  const workers = await Promise.all(
    prepared.workers.map(async (worker) => ({ authorization: await tokenOf(worker.cardNo), teams: worker.teams })),
  );
  const warmUpToken = await tokenOf(prepared.warmUp.cardNo);
  await app.close();

  const servers = label === 'SQLite' ? 1 : 2;
  const sites = await startSites(servers, dataDir, databaseUrl);
  try {
    const ports = sites.map((site) => site.port);
    const urls = [`/match/event/${prepared.eventId}`, `/api/match/events/${prepared.eventId}`];
    // Warm-up: each process renders the page and answers the detail, and registers teams of the warm-up
    // school (kept out of the counts), so no first-use compilation lands in the measured figures.
    for (const port of ports)
      for (const url of urls)
        for (let n = 0; n < 20; n += 1) {
          const answer = await get(port, url);
          // A 200 that is not the event (an error page, the list) would measure something else.
          if (answer.status !== 200 || !answer.text.includes(EVENT_NAME))
            throw new Error(
              `${label}: ${url} on port ${port} answered ${answer.status} without the event in the warm-up: ${/<title>[^<]*<\/title>/.exec(answer.text)?.[0]} ${answer.text.slice(Math.max(0, answer.text.indexOf('<div id="root">'))).slice(0, 1500)}`,
            );
        }
    const warmUp = await child<RegisterResult>({
      role: 'register',
      ports,
      workers: ports.map((_, index) => ({
        authorization: warmUpToken,
        teams: prepared.warmUp.teams.filter((_, n) => n % ports.length === index),
      })),
    });
    if (errorsOf(warmUp.create) + errorsOf(warmUp.submit) > 0)
      throw new Error(
        `${label}: the warm-up registration failed: ${[...warmUp.create.samples, ...warmUp.submit.samples]}`,
      );

    const serverTimesBefore = await serverTimes(sites.map((site) => site.metricsPort));
    const loadBefore = load();
    const pids = sites.map((site) => site.process.pid as number);
    const baseline = await pollWhile(ports, urls, async () => {
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
      return [{ label: 'baseline', from, to: Date.now() }];
    });
    let registered: RegisterResult | undefined;
    let cpuBefore: Awaited<ReturnType<typeof cpuNow>> | undefined;
    const underLoad = await pollWhile(ports, urls, async () => {
      cpuBefore = await cpuNow(pids);
      registered = await child<RegisterResult>({ role: 'register', ports, workers });
      const [creates, submits] = registered.phases as [Span, Span];
      return [creates, submits, { label: 'whole load', from: creates.from, to: submits.to }];
    });
    const cpuAfter = await cpuNow(pids);
    const loadAfter = load();
    const serverTimesAfter = await serverTimes(sites.map((site) => site.metricsPort));
    const serverTime = Object.fromEntries(
      Object.entries(serverTimesAfter).map(([kind, after]) => [
        kind,
        Object.fromEntries(
          Object.entries(after).map(([le, n]) => [le, n - (serverTimesBefore[kind as CallKind]?.[le] ?? 0)]),
        ),
      ]),
    ) as ServerTimes;
    const counted = await countTeams(db, prepared);
    return {
      label,
      servers,
      registered: registered as RegisterResult,
      baseline,
      underLoad,
      counted,
      serverTime,
      cpu: {
        servers: cpuAfter.servers.map((seconds, index) => seconds - (cpuBefore?.servers[index] ?? 0)),
        machineBusy: cpuAfter.machine.busy - (cpuBefore?.machine.busy ?? 0),
        machineAll: cpuAfter.machine.all - (cpuBefore?.machine.all ?? 0),
      },
      loadBefore,
      loadAfter,
    } satisfies Outcome;
  } finally {
    for (const site of sites) await stop(site.process);
  }
};

const report = (outcome: Outcome) => {
  const { label, registered, baseline, underLoad, counted } = outcome;
  const head = `${label} (${outcome.servers} server process${outcome.servers > 1 ? 'es, load split between them' : ''})`;
  console.info(`\n${head}; load average before ${outcome.loadBefore}, after ${outcome.loadAfter}`);
  const rows: string[][] = [['call', 'count', 'statuses', 'p50', 'p99', 'max', 'goal']];
  for (const [kind, figures, first, later] of [
    ['create team', registered.create, registered.firstCreates, registered.laterCreates],
    ['submit team', registered.submit, registered.firstSubmits, registered.laterSubmits],
  ] as const) {
    rows.push([
      kind,
      String(figures.count),
      statusText(figures),
      ms(figures.p50),
      ms(figures.p99),
      ms(figures.max),
      `p99 ≤ ${GOAL_REGISTRATION_P99_MS}: ${met(figures.p99, GOAL_REGISTRATION_P99_MS)}`,
    ]);
    for (const [part, partFigures] of [
      ['  first on each connection', first],
      ['  the rest', later],
    ] as const)
      rows.push([
        part,
        String(partFigures.count),
        '',
        ms(partFigures.p50),
        ms(partFigures.p99),
        ms(partFigures.max),
        '',
      ]);
  }
  const spans = registered.phases.map((span) => `${span.label} ${((span.to - span.from) / 1000).toFixed(1)} s`);
  for (const url of Object.keys(baseline.baseline ?? {})) {
    const quiet = baseline.baseline?.[url] as CallFigures;
    rows.push([
      `${url}, no load`,
      String(quiet.count),
      statusText(quiet),
      ms(quiet.p50),
      ms(quiet.p99),
      ms(quiet.max),
      '',
    ]);
    for (const [span, byUrl] of Object.entries(underLoad)) {
      const busy = byUrl[url] as CallFigures;
      rows.push([
        `  during ${span}`,
        String(busy.count),
        statusText(busy),
        ms(busy.p50),
        ms(busy.p99),
        ms(busy.max),
        `p99 ${(busy.p99 / quiet.p99).toFixed(1)}× no load; ≤ ${GOAL_PAGE_P99_MS}: ${met(busy.p99, GOAL_PAGE_P99_MS)}`,
      ]);
    }
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) console.info(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  console.info(`phases: ${spans.join(', ')}`);
  console.info(
    `CPU from the registering process's start to the load's end: server process${outcome.servers > 1 ? 'es' : ''} ${outcome.cpu.servers.map((seconds) => `${seconds.toFixed(1)} s`).join(' + ')}; the machine busy ${outcome.cpu.machineBusy.toFixed(1)} of ${outcome.cpu.machineAll.toFixed(1)} core-seconds (${os.cpus().length} cores, other work included)`,
  );
  for (const kind of ['create', 'submit'] as const) {
    const times = outcome.serverTime[kind];
    const within = ['0.1', '0.25', '0.5', '1'].map((le) => `≤ ${Number(le) * 1000} ms ${times[le] ?? 0}`).join(', ');
    console.info(`server's own time, ${kind}, of ${times['+Inf'] ?? 0}: ${within}`);
  }
  console.info(
    `database: ${counted.teams} teams of ${teamCount} sent, lost ${counted.lost}, doubled ${counted.doubled}, not submitted ${counted.notSubmitted}; ${counted.memberRows} member rows, pupils in two teams of an item ${counted.pupilsTwice}; audit ${Object.entries(
      counted.audited,
    )
      .map(([action, n]) => `${action} ${n}`)
      .join(', ')}`,
  );
  for (const sample of [...registered.create.samples, ...registered.submit.samples])
    console.info(`  refused: ${sample}`);
  for (const byUrl of [baseline, underLoad].flatMap((result) => Object.values(result)))
    for (const [url, figures] of Object.entries(byUrl))
      for (const sample of figures.samples) console.info(`  ${url}: ${sample}`);
  const pollErrors = [baseline, underLoad]
    .flatMap((result) => Object.values(result))
    .flatMap((byUrl) => Object.values(byUrl))
    .reduce((sum, figures) => sum + errorsOf(figures), 0);
  return (
    errorsOf(registered.create) +
    errorsOf(registered.submit) +
    pollErrors +
    counted.lost +
    counted.doubled +
    counted.notSubmitted +
    counted.pupilsTwice
  );
};

console.info(
  `deadline day: ${teamCount} teams of ${INSTITUTIONS} schools created, then submitted, on ${INSTITUTIONS} connections; ${POLLERS} public readers; load average ${load()}`,
);
const { onSqlite, onPostgres } = await onBothDatabases(measure);
let failures = report(onSqlite);
if (onPostgres) failures += report(onPostgres);
if (failures > 0) {
  console.error(`\n${failures} errors, lost or doubled teams: see above`);
  process.exitCode = 1;
}
