import {
  type CatalogueItem,
  type ConsoleUser,
  type CreditKind,
  type catalogueCreateBody,
  type catalogueUpdateBody,
  EVENT_LEVELS,
  EXAM_LEVELS,
} from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { auditTarget } from '../audit/auditRepository';
import { CATALOGUE_ITEM_NOT_FOUND, findCatalogueByCodes, toCatalogueItem } from './catalogueRepository';

type Actor = ConsoleUser | null;
const auditItem = auditTarget('catalogueItem');

/** Item codes are unique; callers hold the `catalogue-codes` lock so two writes of one code take turns. */
const assertCodeFree = async (trx: Kysely<Database>, code: string) => {
  if ((await findCatalogueByCodes(trx, [code])).length > 0) throw new ApiError(409, '项目代码已存在');
};

const checkCredits = (defaultCredits: number, maxCredits: number) => {
  if (defaultCredits > maxCredits) throw badRequest('默认学分不能大于最高学分');
};

/** An exam is graded 一级–七级; every other kind by who holds it, 校级–国家级. */
const checkLevel = (kind: CreditKind, level: string) => {
  const levels: readonly string[] = kind === 'exam' ? EXAM_LEVELS : EVENT_LEVELS;
  if (!levels.includes(level)) throw badRequest('级别与项目类型不符：等级考试为一级至七级，其余为校级至国家级');
};

export const createCatalogueItem = async (
  db: Db,
  input: z.output<typeof catalogueCreateBody>,
  actor: Actor,
  now: Date,
): Promise<CatalogueItem> => {
  checkCredits(input.defaultCredits, input.maxCredits);
  checkLevel(input.kind, input.level);
  return db.writeTransaction(async (trx, locks) => {
    await locks.named('catalogue-codes');
    await assertCodeFree(trx, input.code);
    const at = now.toISOString();
    const row = await trx
      .insertInto('creditCatalogue')
      .values({ ...input, evidenceRequired: input.evidenceRequired ? 1 : 0, createTime: at, updateTime: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditItem(trx, { user: actor, at: now }, 'insert', Number(row.id), { ...input });
    return toCatalogueItem(row);
  });
};

/** Edits or retires an item. A retired item takes no new records; the records made under it keep it. */
export const changeCatalogueItem = async (
  db: Db,
  id: number,
  input: z.output<typeof catalogueUpdateBody>,
  actor: Actor,
  now: Date,
): Promise<CatalogueItem> => {
  const { id: _id, kindLabel: _label, createTime: _created, updateTime: _updated, ...changes } = input;
  return db.writeTransaction(async (trx, locks) => {
    await locks.named('catalogue-codes');
    const before = await locks
      .forUpdate(trx.selectFrom('creditCatalogue').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!before) throw notFound(CATALOGUE_ITEM_NOT_FOUND);
    checkCredits(
      changes.defaultCredits ?? Number(before.defaultCredits),
      changes.maxCredits ?? Number(before.maxCredits),
    );
    checkLevel(changes.kind ?? (before.kind as CreditKind), changes.level ?? before.level);
    if (changes.code && changes.code !== before.code) await assertCodeFree(trx, changes.code);
    const { evidenceRequired, ...rest } = changes;
    const row = await trx
      .updateTable('creditCatalogue')
      .set({
        ...rest,
        ...(evidenceRequired === undefined ? {} : { evidenceRequired: evidenceRequired ? 1 : 0 }),
        updateTime: now.toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const from = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof typeof before]]));
    await auditItem(trx, { user: actor, at: now }, 'update', id, { from, to: changes });
    return toCatalogueItem(row);
  });
};
