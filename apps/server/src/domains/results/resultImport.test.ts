import { RESULT_IMPORT_COLUMNS, RESULT_IMPORT_LIMITS } from '@lianmeng/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { csvFile, multipartForm, readXlsxBase64, xlsxFile } from '../institutions/rosterTestFiles';
import {
  buildOpenEvent,
  buildRegistrationWorld,
  HOUR,
  iso,
  ORGANISED,
  type RegistrationWorld,
  START,
} from '../registrations/registrationTestKit';

let server: TestServer;
let world: RegistrationWorld;
/** After the default window of buildOpenEvent has closed. */
const clock = START + 2 * HOUR;

beforeAll(async () => {
  server = await createTestServer({}, () => new Date(clock));
  world = await buildRegistrationWorld(server);
});
afterAll(() => server.close());

const eventUrl = (eventId: number, tail: string) => `${ORGANISED}/events/${eventId}/results${tail}`;

const addTeam = async (eventId: number, itemId: number, name: string, state = 'approved', institutionId?: number) => {
  const row = await server.db.kysely
    .insertInto('matchTeam')
    .values({
      eventId,
      itemId,
      institutionId: institutionId ?? world.schoolA.id,
      name,
      coach: '张老师',
      state,
      submittedTime: iso(START),
      reviewedTime: state === 'approved' ? iso(START) : null,
      reviewedBy: state === 'approved' ? world.accounts.organiser : null,
      createdBy: world.accounts.schoolA,
      createTime: iso(START),
      updateTime: iso(START),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

/**
 * A closed event of the world's organiser with admitted teams: 猛虎队 and 飞鹰队 (school A) and 蛟龙队 (school
 * B) in 机器人足球, 闪电队 (school B) in 轮式竞速, and 草稿队, still waiting for review, in 机器人足球.
 */
const buildSeason = async (values: { closes?: number } = {}) => {
  const event = await buildOpenEvent(server, world, values);
  const teams = {
    tigers: await addTeam(event.id, event.plain, '猛虎队'),
    eagles: await addTeam(event.id, event.plain, '飞鹰队'),
    dragons: await addTeam(event.id, event.plain, '蛟龙队', 'approved', world.schoolB.id),
    lightning: await addTeam(event.id, event.withFiles, '闪电队', 'approved', world.schoolB.id),
    waiting: await addTeam(event.id, event.plain, '草稿队', 'submitted'),
  };
  return { ...event, teams };
};

const upload = async (
  eventId: number,
  tail: string,
  file: Buffer,
  fields: Record<string, string> = {},
  as?: string,
) => {
  const form = multipartForm(file, '成绩表.xlsx', fields);
  return server.app.inject({
    method: 'POST',
    url: eventUrl(eventId, tail),
    payload: form.payload,
    headers: { ...form.headers, authorization: await server.cardTokenFor(as ?? world.accounts.organiser) },
  });
};
const preview = (eventId: number, file: Buffer, as?: string) => upload(eventId, '/import/preview', file, {}, as);
const commit = (eventId: number, file: Buffer, fields: Record<string, string> = {}) =>
  upload(eventId, '/import/commit', file, fields);

const resultsOf = async (eventId: number) =>
  (
    await server.db.kysely
      .selectFrom('matchResult')
      .select(['teamId', 'rank', 'award', 'enteredBy'])
      .where('eventId', '=', eventId)
      .orderBy('teamId')
      .execute()
  ).map((row) => ({ ...row, teamId: Number(row.teamId), rank: row.rank === null ? null : Number(row.rank) }));

const seedResult = (eventId: number, teamId: number, itemId: number, rank: number | null, award: string | null) =>
  server.db.kysely
    .insertInto('matchResult')
    .values({ teamId, eventId, itemId, rank, award, enteredBy: world.accounts.organiser, enteredTime: iso(START) })
    .execute();

const sheetCsv = (rows: string[][], encoding: 'utf8' | 'gb18030' = 'utf8') =>
  csvFile(rows, { header: RESULT_IMPORT_COLUMNS, encoding });

/** An .xlsx as a spreadsheet program saves it: 名次 cells may be numbers. */
const xlsxWithNumbers = async (rows: (string | number)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow([...RESULT_IMPORT_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const issuesOf = (body: { data: { rows: { issues: { message: string }[] }[] } }) =>
  body.data.rows.flatMap((row) => row.issues.map((issue) => issue.message));

describe('the results template', () => {
  it('lists every admitted team with its number, item, name and school, and the results entered so far', async () => {
    const season = await buildSeason();
    const empty = await server.app.inject({
      method: 'GET',
      url: eventUrl(season.id, '/template'),
      headers: { authorization: await server.cardTokenFor(world.accounts.organiser) },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.fileName).toMatch(/\.xlsx$/);
    const cells = (await readXlsxBase64(empty.json().data.base64)).map((row) => row.map((cell) => cell.value));
    expect(cells[0]).toEqual([...RESULT_IMPORT_COLUMNS]);
    expect(cells.slice(1)).toEqual([
      [String(season.teams.tigers), '机器人足球', '猛虎队', '甲学校', '', ''],
      [String(season.teams.eagles), '机器人足球', '飞鹰队', '甲学校', '', ''],
      [String(season.teams.dragons), '机器人足球', '蛟龙队', '乙学校', '', ''],
      [String(season.teams.lightning), '轮式竞速', '闪电队', '乙学校', '', ''],
    ]);

    await seedResult(season.id, season.teams.eagles, season.plain, 1, 'first');
    const filled = await server.app.inject({
      method: 'GET',
      url: eventUrl(season.id, '/template'),
      headers: { authorization: await server.cardTokenFor(world.accounts.organiser) },
    });
    const rows = (await readXlsxBase64(filled.json().data.base64)).map((row) => row.map((cell) => cell.value));
    expect(rows[2]).toEqual([String(season.teams.eagles), '机器人足球', '飞鹰队', '甲学校', '1', '一等奖']);
  });

  it('is not found for an institution that does not organise the event', async () => {
    const season = await buildSeason();
    const response = await server.app.inject({
      method: 'GET',
      url: eventUrl(season.id, '/template'),
      headers: { authorization: await server.cardTokenFor(world.accounts.schoolA) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('赛事不存在');
  });
});

describe('previewing and importing a results sheet', () => {
  it('round-trips the downloaded template filled in by a spreadsheet program, number cells and all', async () => {
    const season = await buildSeason();
    const template = await server.app.inject({
      method: 'GET',
      url: eventUrl(season.id, '/template'),
      headers: { authorization: await server.cardTokenFor(world.accounts.organiser) },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(template.json().data.base64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const fill: [number, number | null, string][] = [
      [2, 2, '二等奖'],
      [3, 1, '一等奖'],
      [4, null, '优秀奖'],
      [5, 1, ' 一等奖 '],
    ];
    for (const [row, rank, award] of fill) {
      sheet.getCell(row, 5).value = rank;
      sheet.getCell(row, 6).value = award;
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const previewed = await preview(season.id, file);
    expect(previewed.statusCode).toBe(200);
    const body = previewed.json().data;
    expect(body).toMatchObject({ total: 4, acceptedCount: 4, refusedCount: 0 });
    expect(body.rows[0]).toEqual({
      row: 2,
      teamId: season.teams.tigers,
      teamName: '猛虎队',
      itemName: '机器人足球',
      rank: 2,
      award: 'second',
      outcome: 'accepted',
      issues: [],
    });
    expect(await resultsOf(season.id)).toEqual([]);

    const committed = await commit(season.id, file, { previewId: body.previewId });
    expect(committed.statusCode).toBe(200);
    expect(
      committed
        .json()
        .data.rows.map((row: { teamName: string; rank: number | null; award: string | null }) => [
          row.teamName,
          row.rank,
          row.award,
        ]),
    ).toEqual([
      ['猛虎队', 2, 'second'],
      ['飞鹰队', 1, 'first'],
      ['蛟龙队', null, 'merit'],
      ['闪电队', 1, 'first'],
    ]);
    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'targetId'])
      .where('targetType', '=', 'matchResult')
      .where('targetId', '=', String(season.id))
      .execute();
    expect(audit).toEqual([{ action: 'import', targetType: 'matchResult', targetId: String(season.id) }]);
  });

  it('reads 名次 typed as text in an .xlsx like one typed as a number', async () => {
    const season = await buildSeason();
    const asText = await xlsxFile(
      [
        [String(season.teams.tigers), '机器人足球', '猛虎队', '甲学校', '1', '一等奖'],
        [String(season.teams.eagles), '机器人足球', '飞鹰队', '甲学校', '2', '二等奖'],
      ],
      RESULT_IMPORT_COLUMNS,
    );
    const asNumbers = await xlsxWithNumbers([
      [season.teams.tigers, '机器人足球', '猛虎队', '甲学校', 1, '一等奖'],
      [season.teams.eagles, '机器人足球', '飞鹰队', '甲学校', 2, '二等奖'],
    ]);
    const pick = (body: { data: { rows: { teamId: number; rank: number; award: string; outcome: string }[] } }) =>
      body.data.rows.map(({ teamId, rank, award, outcome }) => ({ teamId, rank, award, outcome }));
    const text = await preview(season.id, asText);
    const numbers = await preview(season.id, asNumbers);
    expect(text.statusCode).toBe(200);
    expect(pick(text.json())).toEqual([
      { teamId: season.teams.tigers, rank: 1, award: 'first', outcome: 'accepted' },
      { teamId: season.teams.eagles, rank: 2, award: 'second', outcome: 'accepted' },
    ]);
    expect(pick(numbers.json())).toEqual(pick(text.json()));
  });

  it('imports a GBK CSV with CRLF line ends as Excel writes it on Chinese Windows', async () => {
    const season = await buildSeason();
    const file = sheetCsv(
      [
        [String(season.teams.dragons), '机器人足球', '蛟龙队', '乙学校', '3', '三等奖'],
        [String(season.teams.lightning), '轮式竞速', '闪电队', '乙学校', '1', ''],
      ],
      'gb18030',
    );
    expect(file.includes(Buffer.from('\r\n'))).toBe(true);
    const committed = await commit(season.id, file);
    expect(committed.statusCode).toBe(200);
    expect(await resultsOf(season.id)).toEqual([
      { teamId: season.teams.dragons, rank: 3, award: 'third', enteredBy: world.accounts.organiser },
      { teamId: season.teams.lightning, rank: 1, award: null, enteredBy: world.accounts.organiser },
    ]);
  });

  it('names each row issue, and a commit of a sheet with one refuses the whole sheet', async () => {
    const season = await buildSeason();
    const other = await buildSeason();
    const { tigers, eagles, dragons, lightning, waiting } = season.teams;
    const rows = [
      [String(tigers), '机器人足球', '猛虎队', '甲学校', '1', '一等奖'],
      [String(eagles), '机器人足球', '飞鹰', '甲学校', '2', ''],
      [String(dragons), '轮式竞速', '蛟龙队', '乙学校', '', ''],
      [String(lightning), '轮式竞速', '闪电队', '乙学校', '0', '一等'],
      [String(waiting), '机器人足球', '草稿队', '甲学校', '4', ''],
      [String(other.teams.tigers), '机器人足球', '猛虎队', '甲学校', '5', ''],
      ['abc', '', '', '', '1.5', '金奖'],
      ['', '', '猛虎队', '', '6', ''],
      [String(tigers), '机器人足球', '猛虎队', '甲学校', '7', ''],
      [String(dragons), '', '', '', '1', ''],
    ];
    const response = await preview(season.id, sheetCsv(rows));
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body).toMatchObject({ total: 10, acceptedCount: 1, refusedCount: 9 });
    expect(body.rows.map((row: { outcome: string }) => row.outcome)).toEqual(['accepted', ...Array(9).fill('refused')]);
    expect(issuesOf(response.json())).toEqual([
      `第 3 行「队名」：填写的「飞鹰」与编号 ${eagles} 的队伍队名「飞鹰队」不符`,
      `第 4 行「项目」：填写的「轮式竞速」与编号 ${dragons} 的队伍项目「机器人足球」不符`,
      '第 5 行「名次」：应为 1 到 10000 的整数，或留空',
      '第 5 行「奖项」：应为「一等奖」「二等奖」「三等奖」「优秀奖」之一（须与这四个写法完全一致），或留空',
      `第 6 行「队伍编号」：编号 ${waiting} 不是本赛事已通过审核的队伍`,
      `第 7 行「队伍编号」：编号 ${other.teams.tigers} 不是本赛事已通过审核的队伍`,
      '第 8 行「队伍编号」：应为模板中的队伍编号（正整数）',
      '第 8 行「名次」：应为 1 到 10000 的整数，或留空',
      '第 8 行「奖项」：应为「一等奖」「二等奖」「三等奖」「优秀奖」之一（须与这四个写法完全一致），或留空',
      '第 9 行「队伍编号」：不能为空（请使用模板中的队伍编号）',
      '第 10 行「队伍编号」：与第 2 行是同一支队伍，每支队伍只能填写一行',
      '第 11 行「队伍编号」：与第 4 行是同一支队伍，每支队伍只能填写一行',
    ]);

    const refused = await commit(season.id, sheetCsv(rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('成绩表中有 9 行未通过检查，请修改后重新预览');
    expect(await resultsOf(season.id)).toEqual([]);
  });

  it('refuses a rank repeated in an item, in the sheet or held by a team the sheet leaves out', async () => {
    const season = await buildSeason();
    const { tigers, eagles, dragons, lightning } = season.teams;
    await seedResult(season.id, dragons, season.plain, 3, null);
    const response = await preview(
      season.id,
      sheetCsv([
        [String(tigers), '机器人足球', '猛虎队', '甲学校', '1', ''],
        [String(eagles), '机器人足球', '飞鹰队', '甲学校', '1', ''],
        [String(lightning), '轮式竞速', '闪电队', '乙学校', '1', ''],
      ]),
    );
    expect(issuesOf(response.json())).toEqual([
      '第 3 行「名次」：「机器人足球」第 1 名已由第 2 行填写，同一项目名次不能重复',
    ]);
    const standing = await preview(
      season.id,
      sheetCsv([
        [String(tigers), '机器人足球', '猛虎队', '甲学校', '3', ''],
        [String(eagles), '机器人足球', '飞鹰队', '甲学校', '2', ''],
      ]),
    );
    expect(issuesOf(standing.json())).toEqual([
      '第 2 行「名次」：「机器人足球」第 3 名已是队伍「蛟龙队」（不在表中）的名次，同一项目名次不能重复',
    ]);
    // The standing rank moves in the same sheet: no repeat once both are in.
    const swapped = await commit(
      season.id,
      sheetCsv([
        [String(tigers), '机器人足球', '猛虎队', '甲学校', '3', ''],
        [String(dragons), '机器人足球', '蛟龙队', '乙学校', '1', ''],
      ]),
    );
    expect(swapped.statusCode).toBe(200);
    expect((await resultsOf(season.id)).map((row) => [row.teamId, row.rank])).toEqual([
      [tigers, 3],
      [dragons, 1],
    ]);
  });

  it('clears a team whose rank and award are both empty, and leaves teams the sheet does not list', async () => {
    const season = await buildSeason();
    const { tigers, eagles, lightning } = season.teams;
    await seedResult(season.id, tigers, season.plain, 1, 'first');
    await seedResult(season.id, lightning, season.withFiles, 1, 'first');
    const committed = await commit(
      season.id,
      sheetCsv([
        [String(tigers), '机器人足球', '猛虎队', '甲学校', '', ''],
        [String(eagles), '机器人足球', '飞鹰队', '甲学校', '', '优秀奖'],
      ]),
    );
    expect(committed.statusCode).toBe(200);
    expect((await resultsOf(season.id)).map((row) => [row.teamId, row.rank, row.award])).toEqual([
      [eagles, null, 'merit'],
      [lightning, 1, 'first'],
    ]);
  });

  it('commits only the previewed file when a preview id is sent, and the same file again changes nothing', async () => {
    const season = await buildSeason();
    const file = sheetCsv([[String(season.teams.tigers), '', '', '', '1', '一等奖']]);
    const changed = sheetCsv([[String(season.teams.tigers), '', '', '', '2', '一等奖']]);
    const previewId = (await preview(season.id, file)).json().data.previewId;
    const wrong = await commit(season.id, changed, { previewId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('文件与预览时不同，请重新预览');
    expect(await resultsOf(season.id)).toEqual([]);
    expect((await commit(season.id, file, { previewId })).statusCode).toBe(200);
    expect((await commit(season.id, file, { previewId })).statusCode).toBe(200);
    expect((await resultsOf(season.id)).map((row) => [row.rank, row.award])).toEqual([[1, 'first']]);
  });

  it('refuses files that are not a results sheet with a Chinese 400 or 413, writing nothing', async () => {
    const season = await buildSeason();
    const cases: [Buffer, number, string][] = [
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x10, 0x11]), 400, '文件不是 .xlsx 或 .csv 表格'],
      [
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        400,
        '不支持 Excel 97-2003 的 .xls 格式，请另存为 .xlsx 后上传',
      ],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 400, '文件不是 .xlsx 或 .csv 表格'],
      [Buffer.alloc(0), 400, '文件为空'],
      // The template's header and nothing under it: a preview of it must not say every row passed.
      [sheetCsv([]), 400, '表格中只有表头，没有要导入的行'],
      [await xlsxWithNumbers([]), 400, '表格中只有表头，没有要导入的行'],
      [
        csvFile([['1', '1']], { header: ['队伍编号', '名次'] }),
        400,
        '表头应为：队伍编号、项目、队名、学校、名次、奖项（缺少「奖项」）',
      ],
      [
        sheetCsv(
          Array.from({ length: RESULT_IMPORT_LIMITS.maxRows + 1 }, (_, n) => [String(n + 1), '', '', '', '', '']),
        ),
        413,
        `表格最多 ${RESULT_IMPORT_LIMITS.maxRows} 行（不含表头）`,
      ],
      [
        Buffer.concat([sheetCsv([]), Buffer.from(`\r\n${'9,'.repeat(RESULT_IMPORT_LIMITS.maxBytes / 2)}`)]),
        413,
        '文件不能超过 5 MB',
      ],
      // Past the other imports' 10 MB as well: the same limit is named, the results sheet's own.
      [
        Buffer.concat([sheetCsv([]), Buffer.from(`\r\n${'9,'.repeat((11 * 1024 * 1024) / 2)}`)]),
        413,
        '文件不能超过 5 MB',
      ],
    ];
    for (const [file, status, message] of cases) {
      for (const send of [preview, commit]) {
        const response = await send(season.id, file);
        expect(response.statusCode, message).toBe(status);
        expect(response.json().message).toBe(message);
      }
    }
    expect(await resultsOf(season.id)).toEqual([]);
  });

  it('is not found for another institution, and refused before the window closes and after publication', async () => {
    const season = await buildSeason();
    const file = sheetCsv([[String(season.teams.tigers), '', '', '', '1', '']]);
    const stranger = await preview(season.id, file, world.accounts.schoolA);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('赛事不存在');

    const open = await buildSeason({ closes: clock + HOUR });
    for (const send of [preview, commit]) {
      const early = await send(open.id, sheetCsv([[String(open.teams.tigers), '', '', '', '1', '']]));
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/^报名尚未截止/);
    }

    await server.db.kysely
      .updateTable('matchEvent')
      .set({ resultsPublishedTime: iso(clock - 1000) })
      .where('id', '=', season.id)
      .execute();
    for (const send of [preview, commit]) {
      const late = await send(season.id, file);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('成绩已公示，不能再修改');
    }
    expect(await resultsOf(season.id)).toEqual([]);
    expect(await resultsOf(open.id)).toEqual([]);
  });

  it('previews and commits a 2,000-row sheet', async () => {
    const event = await buildOpenEvent(server, world);
    const teams: { id: number; item: number; name: string }[] = [];
    const values = Array.from({ length: 2_000 }, (_, n) => ({
      eventId: event.id,
      itemId: n % 2 ? event.withFiles : event.plain,
      institutionId: world.schoolA.id,
      name: `队伍${n}`,
      coach: '张老师',
      state: 'approved',
      submittedTime: iso(START),
      reviewedTime: iso(START),
      reviewedBy: world.accounts.organiser,
      createdBy: world.accounts.schoolA,
      createTime: iso(START),
      updateTime: iso(START),
    }));
    for (let start = 0; start < values.length; start += 500) {
      const rows = await server.db.kysely
        .insertInto('matchTeam')
        .values(values.slice(start, start + 500))
        .returning(['id', 'itemId', 'name'])
        .execute();
      teams.push(...rows.map((row) => ({ id: Number(row.id), item: Number(row.itemId), name: row.name })));
    }
    const awards = ['一等奖', '二等奖', '三等奖', '优秀奖', ''];
    const file = await xlsxWithNumbers(
      teams.map((team, n) => [
        team.id,
        team.item === event.plain ? '机器人足球' : '轮式竞速',
        team.name,
        '甲学校',
        Math.floor(n / 2) + 1,
        awards[Math.min(4, Math.floor(n / 200))] ?? '',
      ]),
    );
    let started = performance.now();
    const previewed = await preview(event.id, file);
    const previewMs = performance.now() - started;
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().data).toMatchObject({ total: 2_000, acceptedCount: 2_000, refusedCount: 0 });
    started = performance.now();
    const committed = await commit(event.id, file, { previewId: previewed.json().data.previewId });
    const commitMs = performance.now() - started;
    expect(committed.statusCode).toBe(200);
    expect(await resultsOf(event.id)).toHaveLength(2_000);
    console.info(
      `results sheet of 2,000 rows (${file.length} bytes, ${server.db.dialect}): preview ${previewMs.toFixed(0)} ms, commit ${commitMs.toFixed(0)} ms`,
    );
  }, 60_000);
});
