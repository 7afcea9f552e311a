// The two client processes of bench/matchDeadline.ts, apart from the servers they measure and from each other
// (Node's own modules only, so each starts in a moment). The role and its settings come as JSON in argv[2]:
// - `register`: one worker per connection, each an institution with its own keep-alive connection, creating
//   its teams one after another (all workers at once), then, once every worker has finished, submitting them.
//   Prints each call kind's statuses and latencies, and the time span of each phase, as JSON to stdout.
// - `poll`: `pollers` visitors reading the public event page and its API detail in turn, back to back, until
//   the parent sends a `stop` message naming the time spans to report on; prints each URL's statuses and
//   latencies within each span, as JSON to stdout.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface TeamToRegister {
  itemId: number;
  name: string;
  coach: string;
  members: string[];
}

export interface RegisterJob {
  role: 'register';
  /** The server processes; worker n talks to ports[n % ports.length]. */
  ports: number[];
  /** One entry per worker: its institution account's token and its teams. */
  workers: { authorization: string; teams: TeamToRegister[] }[];
}

export interface PollJob {
  role: 'poll';
  ports: number[];
  urls: string[];
  pollers: number;
  /** Text every answer must contain (the event's name): a 200 that is another page is an error too. */
  expect: string;
}

/** A span of time on this machine's clock (milliseconds since the epoch). */
export interface Span {
  label: string;
  from: number;
  to: number;
}

export interface CallFigures {
  count: number;
  /** Answers by HTTP status, failures to connect or read as `network`, a 200 without the expected data as `no data`. */
  statuses: Record<string, number>;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** The first few refusals, as the server worded them. */
  samples: string[];
}

export interface RegisterResult {
  create: CallFigures;
  submit: CallFigures;
  /** Each connection's first create and first submit apart: the wave that arrives all at once on a quiet server. */
  firstCreates: CallFigures;
  laterCreates: CallFigures;
  firstSubmits: CallFigures;
  laterSubmits: CallFigures;
  phases: Span[];
  /** The ids the creates answered with, one per team, in worker order. */
  teamIds: number[];
}

export type PollResult = Record<string, Record<string, CallFigures>>;

const clock = () => performance.timeOrigin + performance.now();

interface Sample {
  at: number;
  /** The request's place on its connection, from 0. */
  turn?: number;
  ms: number;
  status: string;
  body?: string;
}

const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

const figuresOf = (samples: Sample[]): CallFigures => {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const sample of samples) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  return {
    count: samples.length,
    statuses,
    p50: percentileOf(sorted, 0.5),
    p99: percentileOf(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    samples: samples
      .filter((sample) => sample.body !== undefined)
      .slice(0, 5)
      .map((sample) => `${sample.status} ${sample.body}`),
  };
};

/** One request: its status (or `network`), its body as text, its time in ms. */
const send = (
  agent: http.Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
) =>
  new Promise<{ sample: Sample; text: string }>((resolve) => {
    const started = clock();
    const done = (status: string, text: string) =>
      resolve({ sample: { at: started, ms: clock() - started, status }, text });
    const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const coding = response.headers['content-encoding'];
        const decoded =
          coding === 'gzip'
            ? gunzipSync(bytes)
            : coding === 'br'
              ? brotliDecompressSync(bytes)
              : coding === 'deflate'
                ? inflateSync(bytes)
                : bytes;
        done(String(response.statusCode ?? 0), decoded.toString('utf8'));
      });
      response.on('error', (error) => done('network', error.message));
    });
    request.on('error', (error) => done('network', error.message));
    request.end(body);
  });

const register = async (job: RegisterJob): Promise<RegisterResult> => {
  const creates: Sample[] = [];
  const submits: Sample[] = [];
  const agents = job.workers.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const portOf = (worker: number) => job.ports[worker % job.ports.length] as number;
  const ids = job.workers.map((entry) => entry.teams.map(() => 0));
  const keep = (into: Sample[], sample: Sample, text: string, ok: boolean) => {
    if (!ok && sample.status === '200') sample.status = 'no data';
    if (!ok) sample.body = text.slice(0, 300);
    into.push(sample);
  };

  // Each connection is opened (and this process's own HTTP code run once) before anything is timed: a client
  // process just started, connecting 50 sockets at once on a busy machine, otherwise adds its own start to the
  // first wave's times, which the server's own timings do not show.
  await Promise.all(
    job.workers.map((_, worker) => send(agents[worker] as http.Agent, portOf(worker), 'GET', '/livez', {})),
  );
  const createFrom = clock();
  await Promise.all(
    job.workers.map(async (entry, worker) => {
      for (const [index, team] of entry.teams.entries()) {
        const { sample, text } = await send(
          agents[worker] as http.Agent,
          portOf(worker),
          'POST',
          '/api/creditBank/institution/match/teams',
          { authorization: entry.authorization, 'content-type': 'application/json' },
          JSON.stringify(team),
        );
        let id = 0;
        sample.turn = index;
        if (sample.status === '200') id = Number((JSON.parse(text) as { data?: { id?: number } }).data?.id ?? 0);
        keep(creates, sample, text, id > 0);
        (ids[worker] as number[])[index] = id;
      }
    }),
  );
  const createTo = clock();

  const submitFrom = clock();
  await Promise.all(
    job.workers.map(async (entry, worker) => {
      for (const [turn, id] of (ids[worker] as number[]).filter((teamId) => teamId > 0).entries()) {
        // A team whose create failed has nothing to submit: counted once, as the create's error.
        const { sample, text } = await send(
          agents[worker] as http.Agent,
          portOf(worker),
          'POST',
          `/api/creditBank/institution/match/teams/${id}/submit`,
          { authorization: entry.authorization },
        );
        sample.turn = turn;
        const state = sample.status === '200' ? (JSON.parse(text) as { data?: { state?: string } }).data?.state : '';
        keep(submits, sample, text, state === 'submitted');
      }
    }),
  );
  const submitTo = clock();
  for (const agent of agents) agent.destroy();
  return {
    create: figuresOf(creates),
    submit: figuresOf(submits),
    firstCreates: figuresOf(creates.filter((sample) => sample.turn === 0)),
    laterCreates: figuresOf(creates.filter((sample) => sample.turn !== 0)),
    firstSubmits: figuresOf(submits.filter((sample) => sample.turn === 0)),
    laterSubmits: figuresOf(submits.filter((sample) => sample.turn !== 0)),
    phases: [
      { label: 'creates', from: createFrom, to: createTo },
      { label: 'submits', from: submitFrom, to: submitTo },
    ],
    teamIds: ids.flat(),
  };
};

const poll = (job: PollJob) =>
  new Promise<PollResult>((resolve) => {
    const samples = new Map<string, Sample[]>(job.urls.map((url) => [url, []]));
    let running = true;
    const visitor = async (index: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const port = job.ports[index % job.ports.length] as number;
      let turn = index;
      while (running) {
        const url = job.urls[turn % job.urls.length] as string;
        turn += 1;
        const { sample, text } = await send(agent, port, 'GET', url, { 'accept-encoding': 'gzip, deflate, br' });
        if (sample.status === '200' && !text.includes(job.expect)) sample.status = '200 without the event';
        if (sample.status !== '200') sample.body = (/<title>[^<]*<\/title>/.exec(text)?.[0] ?? text).slice(0, 300);
        samples.get(url)?.push(sample);
      }
      agent.destroy();
    };
    const visitors = Array.from({ length: job.pollers }, (_, index) => visitor(index));
    process.send?.('ready');
    process.on('message', async (message: { spans: Span[] }) => {
      running = false;
      await Promise.all(visitors);
      const result: PollResult = {};
      for (const span of message.spans) {
        result[span.label] = Object.fromEntries(
          job.urls.map((url) => [
            url,
            figuresOf((samples.get(url) ?? []).filter((sample) => sample.at >= span.from && sample.at < span.to)),
          ]),
        );
      }
      resolve(result);
    });
  });

const job = JSON.parse(process.argv[2] as string) as RegisterJob | PollJob;
const result = job.role === 'register' ? await register(job) : await poll(job);
process.stdout.write(JSON.stringify(result));
process.disconnect?.();
