import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { bumpSiteVersionOnWrite } from './0008_site_version';

/** Tables whose rows, each carrying the holder's `card_no`, are part of what a holder's credit views show. */
const HOLDER_TABLES = ['credit_record', 'credit_objection', 'credit_proof'] as const;
/** Names every credit view shows (the recording institution, the catalogue item): rare console edits. */
const NAMED_TABLES = ['institution', 'credit_catalogue'] as const;

/**
 * One number per holder that grows with every change to what that holder's credit views show (records posted,
 * reversed, objected to; proofs issued or revoked; the holder's name or school), kept by triggers whoever
 * writes. A view kept in a process's cache is good while its holder's number is the one it was built under:
 * reading the number is one primary-key lookup, and every process sharing the database sees a change at once.
 * Renaming an institution or a catalogue item bumps the site version instead (it shows on many holders' views).
 */
export const holderLedgerVersions = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('holder_ledger_version')
      .addColumn('card_no', 'text', (column) => column.primaryKey())
      .addColumn('version', 'bigint', (column) => column.notNull())
      .execute();

    if (dialect === 'sqlite') {
      const bump = (cardNo: string) =>
        `insert into holder_ledger_version (card_no, version) values (${cardNo}, 1)
         on conflict (card_no) do update set version = version + 1;`;
      for (const table of HOLDER_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          const row = event === 'delete' ? 'old' : 'new';
          await sql
            .raw(
              `create trigger ${table}_ledger_version_${event} after ${event} on ${table}
               begin ${bump(`${row}.card_no`)} end`,
            )
            .execute(db);
        }
      }
      await sql
        .raw(
          `create trigger card_holder_ledger_version after update of name, school on card_holder
           when old.name is not new.name or old.school is not new.school
           begin ${bump('new.card_no')} end`,
        )
        .execute(db);
      await bumpSiteVersionOnWrite(db, dialect, NAMED_TABLES);
      return;
    }

    // Once per statement over the rows it changed: approving a batch of 10,000 records is one upsert, not
    // 10,000. The holders are taken in card order, so two statements bumping the same holders lock them in
    // the same order and cannot deadlock on each other.
    await sql`create function holder_ledger_bump() returns trigger language plpgsql as $$
      begin
        insert into holder_ledger_version (card_no, version)
          select distinct card_no, 1 from changed order by card_no
          on conflict (card_no) do update set version = holder_ledger_version.version + 1;
        return null;
      end $$`.execute(db);
    for (const table of HOLDER_TABLES) {
      for (const [event, transition] of [
        ['insert', 'new'],
        ['update', 'new'],
        ['delete', 'old'],
      ] as const) {
        await sql
          .raw(
            `create trigger ${table}_ledger_version_${event} after ${event} on ${table}
             referencing ${transition} table as changed
             for each statement execute function holder_ledger_bump()`,
          )
          .execute(db);
      }
    }
    await sql`create function holder_ledger_bump_row() returns trigger language plpgsql as $$
      begin
        insert into holder_ledger_version (card_no, version) values (new.card_no, 1)
          on conflict (card_no) do update set version = holder_ledger_version.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger card_holder_ledger_version after update of name, school on card_holder
      for each row when (old.name is distinct from new.name or old.school is distinct from new.school)
      execute function holder_ledger_bump_row()`.execute(db);
    await bumpSiteVersionOnWrite(db, dialect, NAMED_TABLES);
  },
});
