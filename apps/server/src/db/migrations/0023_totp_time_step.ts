import type { Kysely } from 'kysely';

/**
 * The time step of the last code each second factor accepted: a code is good for its 30-second step (and a
 * step either side), so without it a code seen over someone's shoulder could be used again within that minute
 * and a half. A code of that step or an earlier one is refused.
 */
export const totpTimeStep = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('second_factor').addColumn('last_time_step', 'bigint').execute();
  },
});
