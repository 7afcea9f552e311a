import { type ColumnDefinitionBuilderCallback, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { idColumn } from './0001_initial';

const EVENT_LEVELS: [code: string, level: string][] = [
  ['SCH', '校级'],
  ['CTY', '县级'],
  ['CIT', '市级'],
  ['PRV', '省级'],
  ['NAT', '国家级'],
];

/**
 * The alliance's creditable activities as the catalogue starts: the seven exam levels, the two kinds of
 * sports meeting and competitions at the five levels of who holds them, training and exchange activities.
 * Written as they stood when the catalogue was made; administrators change them in the console afterwards.
 */
export const INITIAL_CATALOGUE = [
  ...['一级', '二级', '三级', '四级', '五级', '六级', '七级'].map((level, index) => ({
    code: `EXAM-${index + 1}`,
    name: `机器人运动等级考试（${level}）`,
    kind: 'exam',
    level,
    defaultCredits: index + 1,
    maxCredits: index + 1,
    evidenceRequired: 1,
  })),
  ...EVENT_LEVELS.flatMap(([code, level], index) => [
    {
      code: `MEET-R-${code}`,
      name: `机器人运动会（常规类）${level}`,
      kind: 'sportsMeet',
      level,
      defaultCredits: [1, 1.5, 2, 3, 4][index] ?? 1,
      maxCredits: [2, 3, 4, 6, 8][index] ?? 2,
      evidenceRequired: 0,
    },
    {
      code: `MEET-C-${code}`,
      name: `机器人运动会（创意类）${level}`,
      kind: 'sportsMeet',
      level,
      defaultCredits: [1, 1.5, 2, 3, 4][index] ?? 1,
      maxCredits: [2, 3, 4, 6, 8][index] ?? 2,
      evidenceRequired: 0,
    },
    {
      code: `COMP-${code}`,
      name: `机器人运动竞赛${level}获奖`,
      kind: 'competition',
      level,
      defaultCredits: [1, 2, 3, 4, 6][index] ?? 1,
      maxCredits: [2, 4, 6, 8, 10][index] ?? 2,
      evidenceRequired: 0,
    },
  ]),
  ...EVENT_LEVELS.slice(2).flatMap(([code, level], index) => [
    {
      code: `TRAIN-${code}`,
      name: `机器人运动培训（${level}）`,
      kind: 'training',
      level,
      defaultCredits: [1, 2, 3][index] ?? 1,
      maxCredits: [2, 3, 4][index] ?? 2,
      evidenceRequired: 0,
    },
    {
      code: `EXCH-${code}`,
      name: `机器人运动交流活动（${level}）`,
      kind: 'exchange',
      level,
      defaultCredits: [0.5, 1, 1.5][index] ?? 1,
      maxCredits: [1, 2, 3][index] ?? 1,
      evidenceRequired: 0,
    },
  ]),
];

/**
 * The credit ledger: the catalogue, what institutions record (submitted, then returned or posted; a posted
 * record is corrected only by a reversal), the batches of imported records, each holder's running total,
 * evidence, objections and the holders' inbox. The records that existed before count as posted.
 */
export const creditLedger = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    const real = dialect === 'postgres' ? sql`double precision` : sql`real`;
    await db.schema
      .createTable('credit_catalogue')
      .addColumn('id', idColumn(dialect))
      .addColumn('code', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('level', 'text', (column) => column.notNull())
      .addColumn('default_credits', real, (column) => column.notNull())
      .addColumn('max_credits', real, (column) => column.notNull())
      .addColumn('evidence_required', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('active'))
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('update_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('credit_catalogue_code').on('credit_catalogue').column('code').unique().execute();
    const at = new Date().toISOString();
    await db
      .insertInto('credit_catalogue' as never)
      .values(
        INITIAL_CATALOGUE.map((item) => ({
          code: item.code,
          name: item.name,
          kind: item.kind,
          level: item.level,
          default_credits: item.defaultCredits,
          max_credits: item.maxCredits,
          evidence_required: item.evidenceRequired,
          status: 'active',
          create_time: at,
          update_time: at,
        })) as never,
      )
      .execute();

    await db.schema
      .createTable('credit_batch')
      .addColumn('id', idColumn(dialect))
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('file_hash', 'text', (column) => column.notNull())
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('row_count', 'integer', (column) => column.notNull())
      .addColumn('recorded', 'integer', (column) => column.notNull())
      .addColumn('duplicates', 'integer', (column) => column.notNull())
      // `submitted` until an operator approves or returns it as a whole, or no record in it waits any more.
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('decided_by', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('decided_time', 'text')
      .execute();
    // The same file committed twice by one institution records nothing the second time.
    await db.schema
      .createIndex('credit_batch_institution_file')
      .on('credit_batch')
      .columns(['institution_id', 'file_hash'])
      .unique()
      .execute();

    await db.schema
      .createTable('credit_evidence')
      .addColumn('id', idColumn(dialect))
      .addColumn('institution_id', 'integer', (column) => column.notNull().references('institution.id'))
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      // Kept in the database, not the public upload folder: evidence names minors and is shown only to the
      // holder, the recording institution and the operators.
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();

    // The existing records become posted ledger entries; their provenance is filled by the demo seed.
    const add = (name: string, type: 'text' | 'integer', build: ColumnDefinitionBuilderCallback = (column) => column) =>
      db.schema.alterTable('credit_record').addColumn(name, type, build).execute();
    const textDefault: ColumnDefinitionBuilderCallback = (column) => column.notNull().defaultTo('');
    await add('state', 'text', (column) => column.notNull().defaultTo('posted'));
    await add('institution_id', 'integer', (column) => column.references('institution.id'));
    await add('catalogue_id', 'integer', (column) => column.references('credit_catalogue.id'));
    await add('kind', 'text', textDefault);
    await add('level', 'text', textDefault);
    await add('batch_id', 'integer', (column) => column.references('credit_batch.id'));
    // A reversal names the record it reverses; a reversed record names its posted reversal.
    await add('reverses_id', 'integer');
    await add('reversed_by_id', 'integer');
    await add('reason', 'text', textDefault);
    await add('submitted_by', 'text', textDefault);
    await add('submit_time', 'text', textDefault);
    await add('reviewed_by', 'text', textDefault);
    await add('reviewing_unit', 'text', textDefault);
    await add('decided_time', 'text');
    await add('posted_date', 'text', textDefault);
    await add('evidence_id', 'integer', (column) => column.references('credit_evidence.id'));
    await add('objection_open', 'integer', (column) => column.notNull().defaultTo(0));
    await sql`update credit_record set posted_date = date`.execute(db);
    // Review queue and workbench lists: by state and institution, and a batch's records.
    await db.schema
      .createIndex('credit_record_state')
      .on('credit_record')
      .columns(['state', 'institution_id', 'submit_time'])
      .execute();
    await db.schema
      .createIndex('credit_record_institution')
      .on('credit_record')
      .columns(['institution_id', 'id'])
      .execute();
    await db.schema.createIndex('credit_record_batch').on('credit_record').columns(['batch_id', 'state']).execute();
    await db.schema.createIndex('credit_record_reverses').on('credit_record').column('reverses_id').execute();
    // Duplicates: the same holder, item and date.
    await db.schema
      .createIndex('credit_record_holder_item')
      .on('credit_record')
      .columns(['card_no', 'catalogue_id', 'date'])
      .execute();
    // A certificate number is unique per issuing institution among records that stand (not returned).
    await db.schema
      .createIndex('credit_record_certificate')
      .on('credit_record')
      .columns(['institution_id', 'certificate_no'])
      .unique()
      .where(sql.ref('certificate_no'), '<>', '')
      .where(sql.ref('state'), '<>', 'returned')
      .where(sql.ref('reverses_id'), 'is', null)
      .execute();

    // Each holder's total, changed in the transaction that posts or reverses: reading it is one row.
    await db.schema
      .createTable('holder_credit_total')
      .addColumn('card_no', 'text', (column) =>
        column.primaryKey().references('card_holder.card_no').onDelete('cascade'),
      )
      .addColumn('total', real, (column) => column.notNull())
      .addColumn('record_count', 'integer', (column) => column.notNull())
      .execute();
    await sql`insert into holder_credit_total (card_no, total, record_count)
      select card_no, sum(credits), count(*) from credit_record group by card_no`.execute(db);

    await db.schema
      .createTable('credit_objection')
      .addColumn('id', idColumn(dialect))
      .addColumn('record_id', 'integer', (column) => column.notNull().references('credit_record.id'))
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      .addColumn('institution_id', 'integer', (column) => column.references('institution.id'))
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('answer', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('answered_by', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('create_time', 'text', (column) => column.notNull())
      .addColumn('answer_time', 'text')
      .execute();
    // One objection per record.
    await db.schema
      .createIndex('credit_objection_record')
      .on('credit_objection')
      .column('record_id')
      .unique()
      .execute();
    await db.schema
      .createIndex('credit_objection_institution')
      .on('credit_objection')
      .columns(['institution_id', 'state', 'id'])
      .execute();

    await db.schema
      .createTable('message')
      .addColumn('id', idColumn(dialect))
      .addColumn('card_no', 'text', (column) => column.notNull().references('card_holder.card_no').onDelete('cascade'))
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('record_id', 'integer')
      .addColumn('read_time', 'text')
      .addColumn('create_time', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('message_card').on('message').columns(['card_no', 'id']).execute();
    await db.schema.createIndex('message_card_unread').on('message').columns(['card_no', 'read_time']).execute();

    // The audit list filters by institution and by holder.
    await db.schema.alterTable('audit_log').addColumn('institution_id', 'integer').execute();
    await db.schema.alterTable('audit_log').addColumn('holder_card_no', 'text').execute();
    await db.schema.createIndex('audit_log_institution').on('audit_log').columns(['institution_id', 'id']).execute();
    await db.schema.createIndex('audit_log_holder').on('audit_log').columns(['holder_card_no', 'id']).execute();
  },
});
