import type { Account, accountFilter, ConsoleRole } from '@lianmeng/core';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { ConsoleUserRow, Database } from '../../../db/schema';
import { pageOf } from '../contentRange';

type AccountFilter = z.output<typeof accountFilter>;

/** Never carries the password hash. */
export const toAccount = (row: ConsoleUserRow): Account => ({
  id: Number(row.id),
  username: row.username,
  displayName: row.displayName,
  role: row.role as ConsoleRole,
  disabled: Number(row.disabled) === 1,
  createTime: row.createTime,
  updateTime: row.updateTime,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const filtered = (db: Kysely<Database>, filter: AccountFilter) => {
  let builder = db.selectFrom('consoleUser');
  if (filter.id) builder = builder.where('id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.role) builder = builder.where('role', '=', filter.role);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    builder = builder.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(display_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return builder;
};

export const listAccounts = async (
  db: Kysely<Database>,
  query: { sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: AccountFilter },
) => {
  const { offset, limit } = pageOf(query.range);
  const direction = query.sort[1] === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    filtered(db, query.filter)
      .selectAll()
      .orderBy(query.sort[0] as 'id', direction)
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, query.filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toAccount), total: Number(count.total) };
};

export const findAccountRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom('consoleUser').selectAll().where('id', '=', id).executeTakeFirst();
