import path from 'node:path';
import type { ConsoleRole } from '@lianmeng/core';
import { insertConsoleUsers } from '../../domains/consoleUsers/consoleUserRepository';
import { insertImages } from '../../domains/images/imageRepository';
import { consoleNeedsSecondFactor } from '../../domains/secondFactor/secondFactor';
import { consoleAccountKey, insertSecondFactors } from '../../domains/secondFactor/secondFactorRepository';
import { hashPassword } from '../../security/passwords';
import type { Db } from '../database';
import { CARD_HOLDERS_SEED_MARK, seedCardHolders } from './cardHolders';
import { CREDITS_SEED_MARK, seedCredits } from './credits';
import { CONTENT_SEED_MARK, seedDemoContent } from './demoContent';
import { assertDemoPasswordStrong, CREDENTIAL_COLUMNS, createDemoCredentials } from './demoCredentials';
import { demoImages } from './demoImages';
import { EVENTS_SEED_MARK, seedEvents } from './events';
import { FINISHED_SEED_MARK, seedFinishedEvent } from './finished';
import { INSTITUTIONS_SEED_MARK, seedInstitutions } from './institutions';
import { RESULTS_SEED_MARK, seedResults } from './results';
import { claimSeedMark, hasSeedMark } from './seedMarks';
import { seedTeams, TEAMS_SEED_MARK } from './teams';

const SEED_MARK = 'seed:images-and-console:v1';

const CONSOLE_USERS: { username: string; role: ConsoleRole; displayName: string }[] = [
  { username: 'admin', role: 'admin', displayName: '系统管理员' },
  { username: 'editor', role: 'editor', displayName: '联盟编辑' },
  { username: 'staff', role: 'staff', displayName: '内容运营' },
];

/** The demo console accounts whose role must have a second factor. */
const ENROLLED_USERNAMES = CONSOLE_USERS.filter((user) => consoleNeedsSecondFactor(user.role)).map(
  (user) => user.username,
);

/** Whether every part of the demo data is in this database already, so that seeding would change nothing. */
export const demoDataComplete = async (db: Db) => {
  for (const mark of [
    CONTENT_SEED_MARK,
    CARD_HOLDERS_SEED_MARK,
    INSTITUTIONS_SEED_MARK,
    CREDITS_SEED_MARK,
    EVENTS_SEED_MARK,
    TEAMS_SEED_MARK,
    RESULTS_SEED_MARK,
    FINISHED_SEED_MARK,
    SEED_MARK,
  ]) {
    if (!(await hasSeedMark(db.kysely, mark))) return false;
  }
  return true;
};

export interface SeedResult {
  seeded: boolean;
  credentialsFile: string | null;
}

/**
 * Seeds the demo data once per database; a second start changes nothing. A starting server seeds in a
 * process of its own (./apart.ts), which also sets sharp's process-wide settings for drawing.
 */
export const seedDemoData = async (
  db: Db,
  options: { dataDir: string; demoPassword: string | undefined; now: Date },
): Promise<SeedResult> => {
  await assertDemoPasswordStrong(options.demoPassword);
  await seedDemoContent(db, { dataDir: options.dataDir, now: options.now });
  const holdersFile = await seedCardHolders(db, options);
  // After the card holders: it binds demo card 10000002 to the exam site and links 10000001 to its school.
  const cardCredentialsFile = (await seedInstitutions(db, options)) ?? holdersFile;
  // After both: the seeded records get their provenance (the demo school, the demo operator).
  await seedCredits(db, options);
  // After the institutions: they organise the demo events.
  await seedEvents(db, options);
  // After the events: the demo school's teams enter them.
  await seedTeams(db, options);
  // After the teams: the school's own meeting publishes its results.
  await seedResults(db, options);
  // After the results: a district meeting already finished, its certificates issued and credits posted.
  await seedFinishedEvent(db, options);
  if (await hasSeedMark(db.kysely, SEED_MARK))
    return { seeded: cardCredentialsFile !== null, credentialsFile: cardCredentialsFile };

  const credentials = createDemoCredentials(options.demoPassword);
  const at = options.now.toISOString();
  // One hash at a time, as for the card holders: each takes 19 MiB.
  const consoleUsers: ((typeof CONSOLE_USERS)[number] & { passwordHash: string })[] = [];
  for (const account of CONSOLE_USERS) {
    consoleUsers.push({
      ...account,
      passwordHash: await hashPassword(credentials.passwordFor(account.username, `管理台：${account.displayName}`)),
    });
  }
  const images = await demoImages(path.join(options.dataDir, 'uploads'), options.now);

  const seeded = await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, SEED_MARK, at);
      await insertConsoleUsers(
        trx,
        consoleUsers.map((user) => ({ ...user, disabled: 0, createTime: at, updateTime: at })),
      );
      // The administrator and the editor come with their second factor; staff may add one in the console.
      const enrolled = await trx
        .selectFrom('consoleUser')
        .select(['id', 'username'])
        .where('username', 'in', ENROLLED_USERNAMES)
        .execute();
      await insertSecondFactors(
        trx,
        enrolled.map((user) => ({
          account: consoleAccountKey(Number(user.id)),
          secret: credentials.secretFor(user.username),
          enrolledTime: at,
        })),
      );
      await insertImages(trx, images);
      return true;
    })
    .catch(async (error: unknown) => {
      if (await hasSeedMark(db.kysely, SEED_MARK)) return false;
      throw error;
    });
  const credentialsFile = seeded
    ? await credentials.save(options.dataDir, `管理台账号（用户名\t${CREDENTIAL_COLUMNS}）`)
    : null;
  return { seeded, credentialsFile: credentialsFile ?? cardCredentialsFile };
};
