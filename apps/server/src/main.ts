import { createServer } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';

const config = loadConfig();
const db = openDatabase(config.databaseUrl, config.dataDir);
await migrate(db);
const seed = await seedDemoData(db, { dataDir: config.dataDir, demoPassword: config.demoPassword, now: new Date() });
const app = await createServer(config, { db });

if (seed.seeded) app.log.info({ dialect: db.dialect }, 'demo data seeded');
if (seed.credentialsFile) app.log.info(`demo passwords were generated; they are in ${seed.credentialsFile}`);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`门户 http://localhost:${port}/ · 管理台 http://localhost:${port}/admin/`);
