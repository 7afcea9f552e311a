import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** 500 rows a statement stay within both databases' limits on bound parameters. */
const CHUNK = 500;

/**
 * `count` active member schools in Beijing, coded `${codePrefix}-0`, `-1`… and named `${namePrefix}0`, `1`…,
 * for the index tests and the benchmarks that need many: their ids, in that order.
 */
export const insertSchools = async (
  kysely: Kysely<Database>,
  { count, codePrefix, namePrefix, at }: { count: number; codePrefix: string; namePrefix: string; at: string },
) => {
  const ids: number[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows = await kysely
      .insertInto('institution')
      .values(
        Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => ({
          code: `${codePrefix}-${start + offset}`,
          name: `${namePrefix}${start + offset}`,
          kind: 'memberSchool',
          province: '北京市',
          city: '',
          county: '',
          status: 'active',
          createTime: at,
          updateTime: at,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return ids;
};

/** Card holders with a card number and a name (学生 and the number) only (no phone, no password, no roles), in statements of 500. */
export const insertBareHolders = async (kysely: Kysely<Database>, cardNos: readonly string[], at: string) => {
  for (let start = 0; start < cardNos.length; start += CHUNK) {
    await kysely
      .insertInto('cardHolder')
      .values(
        cardNos.slice(start, start + CHUNK).map((cardNo) => ({
          cardNo,
          name: `学生${cardNo}`,
          school: '',
          phone: '',
          passwordHash: '',
          operator: 0,
          institution: 0,
          createTime: at,
          updateTime: at,
        })),
      )
      .execute();
  }
};
