// Image search latency on PostgreSQL against SQLite, measured in the same run through the real route
// (createServer + inject: validation, query, count, response check). Prints the ratio PostgreSQL / SQLite.
// Run: npx tsx bench/imageSearch.ts   (TEST_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import type { Db } from '../apps/server/src/db/database';
import type { NewImageMessage } from '../apps/server/src/db/schema';
import { benchServer, onBothDatabases, oneAtATime, percentile } from './databaseRuns';

const IMAGES = 5000;
const WARM_UP = 50;
const REQUESTS = 500;

const rows = (at: Date): NewImageMessage[] =>
  Array.from({ length: IMAGES }, (_, index) => {
    const time = new Date(at.getTime() - index * 60_000).toISOString();
    return {
      belongSortid: index % 2 === 0 ? 2 : 3,
      isOpen: index % 3 === 0 ? 0 : 1,
      photoAddress: `/uploads/bench-${index}.png`,
      smallPhotoAddress: `/uploads/bench-${index}-small.png`,
      photoTitle: `基准图片 ${index} 机器人运动`,
      urlAddress: '',
      createTime: time,
      updateTime: time,
    };
  });

/** The three searches the product makes: the layout's banners and partners, and a console title search. */
const SEARCHES = [
  { url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=999', payload: { belongSortid: 2, isOpen: 1 } },
  { url: '/lianmeng/img/imageMsgSearch?pageNum=1&pageSize=20', payload: { belongSortid: 3 } },
  { url: '/lianmeng/img/imageMsgSearch?pageNum=3&pageSize=20', payload: { photoTitle: '机器人' } },
];

const measure = async (label: string, db: Db, dataDir: string) => {
  const data = rows(new Date());
  for (let start = 0; start < data.length; start += 500) {
    await db.kysely
      .insertInto('imageMessage')
      .values(data.slice(start, start + 500))
      .execute();
  }
  const app = await benchServer(db, dataDir);
  const timings = await oneAtATime(
    REQUESTS,
    async (index) => {
      const search = SEARCHES[index % SEARCHES.length] as (typeof SEARCHES)[number];
      const response = await app.inject({ method: 'POST', ...search });
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
    },
    WARM_UP,
  );
  await app.close();
  const result = { median: percentile(timings, 0.5), p95: percentile(timings, 0.95) };
  console.info(`${label.padEnd(10)} median ${result.median.toFixed(2)} ms   p95 ${result.p95.toFixed(2)} ms`);
  return result;
};

console.info(`image search, ${IMAGES} image messages, ${REQUESTS} requests per database (after ${WARM_UP} warm-up)`);
const { onSqlite, onPostgres } = await onBothDatabases(measure);
if (onPostgres) {
  console.info(
    `ratio PostgreSQL / SQLite: median ${(onPostgres.median / onSqlite.median).toFixed(2)}×, p95 ${(onPostgres.p95 / onSqlite.p95).toFixed(2)}× (no goal: a comparison of the two databases)`,
  );
}
