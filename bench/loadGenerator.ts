// The load generator of bench/publicReads.ts, in a process of its own so that neither server shares a core's
// time slices or a heap with the client that measures it: autocannon with the options given as JSON in
// argv[2]; its result, as JSON, goes to stdout.
import autocannon, { type Options } from 'autocannon';

const options = JSON.parse(process.argv[2] as string) as Options;
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    perSecond: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
