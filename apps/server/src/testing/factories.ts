import { type ConsoleRole, IMAGE_SORT, type InstitutionKind } from '@lianmeng/core';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/database';
import type { NewArticle, NewImageMessage } from '../db/schema';
import { insertArticle } from '../domains/articles/articleRepository';
import { findCardHolder, insertCardHolders } from '../domains/cardHolders/cardHolderRepository';
import { insertCreditRecords } from '../domains/cardHolders/creditRecordRepository';
import {
  findConsoleUserByUsername,
  insertConsoleUsers,
  toAccount,
} from '../domains/consoleUsers/consoleUserRepository';
import { insertImage } from '../domains/images/imageRepository';
import { ARGON2_PARAMETERS, hashPassword } from '../security/passwords';

/** The password every built account has unless a test gives another. */
export const TEST_PASSWORD = 'Test-password-2026';

/**
 * The common password's hash is made at argon2's lowest cost. Verifying reads the cost from the stored hash,
 * so every sign-in of a built account, right or wrong, takes microseconds instead of tens of milliseconds
 * (the sign-in limit tests make hundreds). Passwords set through the server, and the one a test gives,
 * keep the production cost, which passwords.test.ts checks.
 */
let testPasswordHash: Promise<string> | undefined;
const passwordHashOf = (password: string) => {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hash(TEST_PASSWORD, { ...ARGON2_PARAMETERS, memoryCost: 8, timeCost: 1 });
  return testPasswordHash;
};

let sequence = 0;
/** A value no other built row of this test file has. */
const unique = () => {
  sequence += 1;
  return sequence;
};

const stamp = (at?: Date) => (at ?? new Date()).toISOString();

export const buildConsoleUser = async (
  db: Db,
  values: { username: string; role: ConsoleRole; displayName?: string; password?: string; disabled?: boolean },
) => {
  const at = stamp();
  await insertConsoleUsers(db.kysely, [
    {
      username: values.username,
      displayName: values.displayName ?? `测试${values.role}${unique()}`,
      role: values.role,
      passwordHash: await passwordHashOf(values.password ?? TEST_PASSWORD),
      disabled: values.disabled ? 1 : 0,
      createTime: at,
      updateTime: at,
    },
  ]);
  const row = await findConsoleUserByUsername(db.kysely, values.username);
  if (!row) throw new Error(`console user ${values.username} was not written`);
  return toAccount(row);
};

export const buildCardHolder = async (
  db: Db,
  values: {
    cardNo: string;
    phone: string;
    name?: string;
    school?: string;
    operator?: boolean;
    institution?: boolean;
    password?: string;
    /** The institution an institution account acts for. */
    institutionId?: number;
    activationState?: 'pending' | 'active';
    birthDate?: string;
  },
) => {
  const at = stamp();
  await insertCardHolders(db.kysely, [
    {
      ...(values.institutionId === undefined ? {} : { institutionId: values.institutionId }),
      ...(values.activationState === undefined ? {} : { activationState: values.activationState }),
      ...(values.birthDate === undefined ? {} : { birthDate: values.birthDate }),
      cardNo: values.cardNo,
      phone: values.phone,
      name: values.name ?? '测试持卡人',
      school: values.school ?? '测试学校',
      operator: values.operator ? 1 : 0,
      institution: values.institution ? 1 : 0,
      passwordHash: await passwordHashOf(values.password ?? TEST_PASSWORD),
      createTime: at,
      updateTime: at,
    },
  ]);
  const row = await findCardHolder(db.kysely, values.cardNo);
  if (!row) throw new Error(`card holder ${values.cardNo} was not written`);
  return row;
};

export const buildCreditRecord = async (
  db: Db,
  values: { cardNo: string; date: string; category: string; credits: number; activity?: string; issuer?: string },
) => {
  const n = unique();
  await insertCreditRecords(db.kysely, [
    {
      cardNo: values.cardNo,
      date: values.date,
      category: values.category,
      credits: values.credits,
      activity: values.activity ?? `测试活动${n}`,
      issuer: values.issuer ?? '测试单位',
      certificateNo: `TEST${values.cardNo}${String(n).padStart(4, '0')}`,
    },
  ]);
};

export const buildImage = (db: Db, values: Partial<NewImageMessage> & { createdAt?: Date } = {}) => {
  const { createdAt, ...rest } = values;
  const n = unique();
  const at = stamp(createdAt);
  return insertImage(db.kysely, {
    belongSortid: IMAGE_SORT.partner,
    isOpen: 1,
    photoAddress: `/uploads/test-image-${n}.png`,
    smallPhotoAddress: `/uploads/test-image-${n}.png`,
    photoTitle: `测试图片${n}`,
    urlAddress: '',
    createTime: at,
    updateTime: at,
    ...rest,
  });
};

/** A published article in the column `typeId` unless told otherwise. */
export const buildArticle = (db: Db, values: Partial<NewArticle> & { typeId: number }) => {
  const n = unique();
  const at = stamp();
  return insertArticle(db.kysely, {
    title: `测试文章${n}`,
    summary: `测试摘要${n}`,
    body: `<p>测试正文${n}</p>`,
    publishTime: at,
    source: '测试来源',
    author: '测试作者',
    coverImage: '',
    attachments: '[]',
    published: 1,
    createTime: at,
    updateTime: at,
    ...values,
  });
};

/** An active institution (a member school unless told otherwise). */
export const buildInstitution = async (
  db: Db,
  values: { name?: string; code?: string; kind?: InstitutionKind; status?: 'active' | 'disabled' } = {},
) => {
  const n = unique();
  const at = stamp();
  const row = await db.kysely
    .insertInto('institution')
    .values({
      code: values.code ?? `T-${n}`,
      name: values.name ?? `测试学校${n}`,
      kind: values.kind ?? 'memberSchool',
      province: '北京市',
      city: '北京市',
      county: '海淀区',
      status: values.status ?? 'active',
      createTime: at,
      updateTime: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
};

/**
 * An event of `organizerId`, posting as the catalogue item `catalogueCode` (the 市级 regular sports meeting
 * unless told otherwise), with the given registration window and one item unless told otherwise; hidden
 * unless `visible`.
 */
export const buildEvent = async (
  db: Db,
  values: {
    organizerId: number;
    registrationOpens: string;
    registrationCloses: string;
    name?: string;
    catalogueCode?: string;
    level?: string;
    visible?: boolean;
    resultsPublishedTime?: string | null;
    objectionDays?: number;
    items?: { name: string; minMembers: number; maxMembers: number }[];
  },
) => {
  const n = unique();
  const at = stamp();
  const code = values.catalogueCode ?? 'MEET-R-CIT';
  const item = await db.kysely
    .selectFrom('creditCatalogue')
    .select(['id', 'level'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const row = await db.kysely
    .insertInto('matchEvent')
    .values({
      name: values.name ?? `测试赛事${n}`,
      season: '2026',
      type: 'regular',
      level: values.level ?? item.level,
      organizerId: values.organizerId,
      approvalNo: `体联赛〔2026〕${n}号`,
      description: '',
      registrationOpens: values.registrationOpens,
      registrationCloses: values.registrationCloses,
      resultsFrom: values.registrationCloses.slice(0, 10),
      objectionDays: values.objectionDays ?? 5,
      catalogueId: Number(item.id),
      visible: values.visible ? 1 : 0,
      resultsPublishedTime: values.resultsPublishedTime ?? null,
      createTime: at,
      updateTime: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const items = values.items ?? [{ name: '机器人足球', minMembers: 3, maxMembers: 5 }];
  await db.kysely
    .insertInto('matchEventItem')
    .values(items.map((entry, position) => ({ eventId: id, ...entry, position })))
    .execute();
  return { id };
};

/** A card account that acts for `institutionId`. */
export const buildInstitutionAccount = (db: Db, values: { cardNo: string; phone: string; institutionId: number }) =>
  buildCardHolder(db, { ...values, name: '测试老师', institution: true });

/** One console account of each role, named after its role: `admin`, `editor`, `staff`. */
export const buildConsoleTeam = async (db: Db) => {
  for (const role of ['admin', 'editor', 'staff'] as const) await buildConsoleUser(db, { username: role, role });
};
