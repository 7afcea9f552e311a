import closeWithGrace from 'close-with-grace';
import { createServer } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { demoDataComplete } from './db/seed';
import { isSeedProcess, runSeedProcess, seedDemoDataApart } from './db/seed/apart';
import { offerSetupLink, setupLinkUrl } from './domains/consoleUsers/setupLink';
import { serveMetrics } from './metrics';
import { listenHost } from './ops/listenHost';
import { chooseLogFormat, logStreamFor } from './ops/logFormat';
import { shutDownGracefully } from './ops/shutdown';

const config = loadConfig();
if (isSeedProcess()) {
  await runSeedProcess(config);
  process.exit(0);
}
const db = openDatabase(config.databaseUrl, config.dataDir);
await migrate(db);
// Every start after the first finds the demo data there: no process to start for a seed that changes nothing.
// In production nothing of the demo is seeded: the first administrator comes from a one-time link.
const seed =
  !config.demoData || (await demoDataComplete(db))
    ? { seeded: false, credentialsFile: null }
    : await seedDemoDataApart();
const logStream = logStreamFor(chooseLogFormat(config.logFormat, process.stdout));
const app = await createServer(config, { db, ...(logStream ? { logStream } : {}) });

if (seed.seeded) app.log.info({ dialect: db.dialect }, 'demo data seeded');
if (seed.credentialsFile) app.log.info(`demo passwords were generated; they are in ${seed.credentialsFile}`);

// SIGTERM, SIGINT or an uncaught error: finish what is in flight, close the database, exit. The backstop
// delay only fires if closing itself hangs, since shutDownGracefully cuts slow requests at the grace limit.
closeWithGrace(
  { delay: config.shutdownGraceMs + 5000, logger: { error: (message) => app.log.error(message) } },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    await shutDownGracefully(app, db, config.shutdownGraceMs);
    app.log.info('closed');
  },
);

await app.listen({ port: config.port, host: await listenHost(config.host, (message) => app.log.warn(message)) });
await serveMetrics(app, config.metrics);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`门户 http://localhost:${port}/ · 管理台 http://localhost:${port}/admin/`);
const setupToken = config.demoData ? null : await offerSetupLink(db, new Date());
if (setupToken) {
  // Straight to the terminal, not through the logger: the link is a credential that log files must not keep.
  process.stdout.write(
    `\n创建首个管理员（一次性链接，24 小时内有效）：${setupLinkUrl(config.publicUrl ?? `http://localhost:${port}`, setupToken)}\n\n`,
  );
}
