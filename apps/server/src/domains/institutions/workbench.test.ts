import { ROSTER_COLUMNS } from '@lianmeng/core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardHolder, buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { csvFile, multipartForm, type Row, readXlsxBase64, validRows, xlsxFile } from './rosterTestFiles';

let server: TestServer;
let schoolA: { id: number; name: string };
let schoolB: { id: number; name: string };
let tokenA = '';
let tokenB = '';
const BASE = '/api/creditBank/institution';

beforeAll(async () => {
  server = await createTestServer();
  schoolA = await buildInstitution(server.db, { name: '甲学校' });
  schoolB = await buildInstitution(server.db, { name: '乙学校' });
  await buildInstitutionAccount(server.db, { cardNo: '90000001', phone: '13600000001', institutionId: schoolA.id });
  await buildInstitutionAccount(server.db, { cardNo: '90000002', phone: '13600000002', institutionId: schoolB.id });
  tokenA = await server.cardTokenFor('90000001');
  tokenB = await server.cardTokenFor('90000002');
});
afterAll(() => server.close());

const call = (token: string, method: InjectOptions['method'], url: string, extra: Partial<InjectOptions> = {}) =>
  server.app.inject({ method, url, ...extra, headers: { authorization: token, ...(extra.headers ?? {}) } });

const upload = (token: string, step: 'preview' | 'commit', file: Buffer, name = 'roster.csv', fields = {}) => {
  const form = multipartForm(file, name, fields);
  return call(token, 'POST', `${BASE}/roster/${step}`, form);
};

const holderCount = async () =>
  Number(
    (
      await server.db.kysely
        .selectFrom('cardHolder')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('who may use the workbench', () => {
  it('refuses a card without the institution role, and an account of a disabled institution', async () => {
    await buildCardHolder(server.db, { cardNo: '90000010', phone: '13600000010' });
    const plain = await call(await server.cardTokenFor('90000010'), 'GET', `${BASE}/mine`);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('您的账号没有此权限');

    const closed = await buildInstitution(server.db, { status: 'disabled' });
    await buildInstitutionAccount(server.db, { cardNo: '90000011', phone: '13600000011', institutionId: closed.id });
    const token = await server.cardTokenFor('90000011');
    const refused = await call(token, 'GET', `${BASE}/people`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('您的账号没有此权限');
    // Its account no longer reads as an institution account either.
    const info = await call(token, 'GET', '/api/uc/user/info');
    expect(info.json().data.institution).toBe(false);
  });

  it("answers the account's own institution", async () => {
    const response = await call(tokenA, 'GET', `${BASE}/mine`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: schoolA.id,
      name: '甲学校',
      kind: 'memberSchool',
      kindLabel: '成员学校',
    });
  });
});

describe('the roster template', () => {
  it('is an .xlsx with the roster columns and sample rows', async () => {
    const response = await call(tokenA, 'GET', `${BASE}/roster/template`);
    expect(response.statusCode).toBe(200);
    const rows = await readXlsxBase64(response.json().data.base64);
    expect(rows[0]?.map((cell) => cell.value)).toEqual([...ROSTER_COLUMNS]);
    expect(rows.length).toBeGreaterThan(1);
  });
});

describe('previewing a roster', () => {
  it('reads UTF-8, UTF-8 with BOM, GB18030 CSV and .xlsx alike, and writes nothing', async () => {
    const rows = validRows(3, '预览');
    const before = await holderCount();
    const files = [
      csvFile(rows),
      csvFile(rows, { encoding: 'utf8-bom' }),
      csvFile(rows, { encoding: 'gb18030' }),
      await xlsxFile(rows),
    ];
    for (const file of files) {
      const response = await upload(tokenA, 'preview', file);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ total: 3, newCount: 3, refusedCount: 0, committedBatchId: null });
      expect(data.rows[0]).toMatchObject({ name: rows[0]?.[0], outcome: 'new', guardianPhone: '137****0000' });
    }
    expect(await holderCount()).toBe(before);
  });

  it('refuses bad rows naming the row and the column, and keeps the good ones', async () => {
    const [good] = validRows(1, '好');
    if (!good) throw new Error('no row');
    const bad: Row[] = [
      good,
      ['', '男', '2015-01-01', '一班', '', '13500000001'],
      ['李四', '男', '2015-02-30', '一班', '', '13500000002'],
      ['王五', '男', '2015-02-01', '一班', '1350000', ''],
      ['赵六', '未知', '2015-02-01', '一班', '', '13500000004'],
      ['钱七', '女', '2015-02-01', '一班', '', ''],
      [...good],
    ];
    const response = await upload(tokenA, 'preview', csvFile(bad));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 7, newCount: 1, refusedCount: 6 });
    const messages = data.rows.map((row: { issues: { message: string }[] }) =>
      row.issues.map((issue) => issue.message),
    );
    expect(messages[1]).toEqual(['第 3 行「姓名」：不能为空']);
    expect(messages[2]).toEqual(['第 4 行「出生日期」：应为 YYYY-MM-DD 格式的真实日期']);
    expect(messages[3]).toEqual(['第 5 行「本人手机」：应为 11 位手机号']);
    expect(messages[4]).toEqual(['第 6 行「性别」：应为 男 或 女']);
    expect(messages[5]).toEqual(['第 7 行「本人手机」：本人手机和监护人手机至少填一个']);
    expect(messages[6]).toEqual(['第 8 行「姓名」：与第 2 行重复（姓名、出生日期、手机号相同）']);
  });

  it('takes formulas as their cached values and never evaluates them', async () => {
    const response = await upload(
      tokenA,
      'preview',
      await xlsxFile([
        ['公式甲', '男', { formula: 'DATE(2015,3,1)', result: '2015-03-01' }, '一班', '', '13500000010'],
        ['公式乙', '男', { formula: 'DATE(2015,3,1)' }, '一班', '', '13500000011'],
        ['日期格', '女', new Date(Date.UTC(2015, 2, 2)), '一班', '', '13500000012'],
      ]),
      'formulas.xlsx',
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data.rows;
    expect(rows[0]).toMatchObject({ outcome: 'new', birthDate: '2015-03-01' });
    expect(rows[1].issues[0].message).toBe('第 3 行「出生日期」：不能为空');
    // A cell formatted as a date is read as that date.
    expect(rows[2]).toMatchObject({ outcome: 'new', birthDate: '2015-03-02' });
  });

  it.each([
    [
      'a file that is not a spreadsheet',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      400,
      '文件不是 .xlsx 或 .csv 表格',
    ],
    [
      'a ZIP that is not a workbook',
      Buffer.from('PK\u0003\u0004not really a zip file at all'),
      400,
      '文件不是 .xlsx 或 .csv 表格',
    ],
    [
      'an Excel 97-2003 file',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      400,
      '不支持 Excel 97-2003 的 .xls 格式，请另存为 .xlsx 后上传',
    ],
    ['an empty file', Buffer.alloc(0), 400, '文件为空'],
    ['a file of blank lines', Buffer.from('\r\n\r\n'), 400, '文件为空'],
    ['the header alone', csvFile([]), 400, '表格中只有表头，没有要导入的行'],
    [
      'a wrong header',
      csvFile([['张三', '男', '2015-01-01', '一班', '', '13500000001']], { header: ['名字', '性别'] }),
      400,
      '表头应为：姓名、性别、出生日期、年级/班级、本人手机、监护人手机（缺少「姓名」「出生日期」「年级/班级」「本人手机」「监护人手机」）',
    ],
    [
      'a missing header',
      csvFile([], { header: ['张三', '男', '2015-01-01', '一班', '', '13500000001'] }),
      400,
      '表头应为：姓名、性别、出生日期、年级/班级、本人手机、监护人手机（缺少「姓名」「性别」「出生日期」「年级/班级」「本人手机」「监护人手机」）',
    ],
  ])('refuses %s', async (_what, file, status, message) => {
    const before = await holderCount();
    for (const step of ['preview', 'commit'] as const) {
      const response = await upload(tokenA, step, file);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await holderCount()).toBe(before);
  });

  it('refuses more than 20,000 rows and more than 10 MB with 413', async () => {
    const many = csvFile(validRows(20_001, '多'));
    const tooMany = await upload(tokenA, 'preview', many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('表格最多 20000 行（不含表头）');

    const manyInXlsx = await upload(tokenA, 'preview', await xlsxFile(validRows(20_001, '表')), 'many.xlsx');
    expect(manyInXlsx.statusCode).toBe(413);

    const large = Buffer.concat([csvFile(validRows(1)), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const tooLarge = await upload(tokenA, 'preview', large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('文件不能超过 10 MB');
    // Writing and reading two 20,001-row files takes seconds of CPU: on a machine busy with the other suites
    // that alone can pass the suite's 20 s ceiling.
  }, 60_000);

  it('refuses a form without a file', async () => {
    const response = await call(tokenA, 'POST', `${BASE}/roster/preview`, {
      payload: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('请选择要上传的文件');
  });
});

describe('committing a roster', () => {
  it('writes nothing when any row is refused', async () => {
    const rows = [...validRows(3, '全无'), ['', '男', '2015-01-01', '一班', '', '13500000001'] as Row];
    const before = await holderCount();
    const response = await upload(tokenA, 'commit', csvFile(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('名单中有 1 行未通过检查，请修改后重新预览');
    expect(await holderCount()).toBe(before);
  });

  it('opens pending cards with 8-digit numbers and one-time codes, once per file', async () => {
    const file = csvFile(validRows(4, '开卡', 13710000000));
    const preview = (await upload(tokenA, 'preview', file)).json().data;
    const first = await upload(tokenA, 'commit', file, 'roster.csv', { previewId: preview.previewId });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ opened: 4, linked: 0, alreadyCommitted: false });
    const codes = await readXlsxBase64(data.codesFile.base64);
    expect(codes[0]?.map((cell) => cell.value)).toEqual(['卡号', '姓名', '年级/班级', '激活码', '有效期至']);
    const cardNos = codes.slice(1).map((row) => String(row[0]?.value));
    expect(cardNos).toHaveLength(4);
    for (const cardNo of cardNos) expect(cardNo).toMatch(/^\d{8}$/);
    expect(new Set(cardNos).size).toBe(4);
    for (const row of codes.slice(1)) expect(String(row[3]?.value)).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    const stored = await server.db.kysely
      .selectFrom('cardHolder')
      .select(['activationState', 'school', 'passwordHash', 'phone'])
      .where('cardNo', 'in', cardNos)
      .execute();
    expect(stored.every((row) => row.activationState === 'pending' && row.school === '甲学校')).toBe(true);
    expect(stored.every((row) => row.passwordHash === '' && row.phone === '')).toBe(true);
    // Codes are stored hashed.
    const codeRows = await server.db.kysely
      .selectFrom('activationCode')
      .selectAll()
      .where('cardNo', 'in', cardNos)
      .execute();
    expect(codeRows.map((row) => row.codeHash)).not.toContain(String(codes[1]?.[3]?.value));

    const before = await holderCount();
    const again = await upload(tokenA, 'commit', file);
    expect(again.json().data).toMatchObject({
      batchId: data.batchId,
      opened: 0,
      alreadyCommitted: true,
      codesFile: null,
    });
    expect(await holderCount()).toBe(before);
    expect((await upload(tokenA, 'preview', file)).json().data.committedBatchId).toBe(data.batchId);

    const audit = await server.db.kysely
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'rosterBatch')
      .where('targetId', '=', String(data.batchId))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'import', username: '卡号90000001' });
    expect(JSON.parse(audit.detail)).toMatchObject({ institutionId: schoolA.id, opened: 4, result: 'ok' });
  });

  it('opens the cards once when the same file is committed twice at the same moment', async () => {
    const file = csvFile(validRows(5, '同时', 13760000000));
    const before = await holderCount();
    const answers = await Promise.all([upload(tokenA, 'commit', file), upload(tokenA, 'commit', file)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.alreadyCommitted).sort()).toEqual([false, true]);
    expect(await holderCount()).toBe(before + 5);
  });

  it('refuses a commit of a file other than the one previewed', async () => {
    const response = await upload(tokenA, 'commit', csvFile(validRows(1, '不同')), 'x.csv', {
      previewId: 'a'.repeat(64),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('文件与预览时不同，请重新预览');
  });

  it('links a holder with the same name, birth date and phone instead of opening a card', async () => {
    await buildCardHolder(server.db, {
      cardNo: '90000020',
      phone: '13720000000',
      name: '林已有',
      birthDate: '2014-05-06',
    });
    const file = csvFile([
      ['林已有', '女', '2014/5/6', '四年级1班', '', '13720000000'],
      ...validRows(1, '新来', 13721000000),
    ]);
    const preview = (await upload(tokenA, 'preview', file)).json().data;
    expect(preview).toMatchObject({ newCount: 1, linkCount: 1 });
    expect(preview.rows[0]).toMatchObject({ outcome: 'link', linkCardNo: '90000020' });
    const commit = (await upload(tokenA, 'commit', file)).json().data;
    expect(commit).toMatchObject({ opened: 1, linked: 1 });
    const people = (await call(tokenA, 'GET', `${BASE}/people?keyword=90000020`)).json().data;
    expect(people.list).toEqual([expect.objectContaining({ cardNo: '90000020', how: 'linked', state: 'active' })]);
  });

  it('writes codes-list cells that start like a formula as text', async () => {
    const rows: Row[] = ['=1+2', '+SUM(A1)', '-3', '@cmd'].map((grade, index) => [
      `公式${String.fromCharCode(0x4e00 + index)}`,
      '男',
      '2015-01-01',
      grade,
      '',
      String(13730000000 + index),
    ]);
    const commit = (await upload(tokenA, 'commit', csvFile(rows))).json().data;
    const sheet = await readXlsxBase64(commit.codesFile.base64);
    const grades = sheet.slice(1).map((row) => row[2]);
    expect(grades.map((cell) => cell?.value)).toEqual(['=1+2', '+SUM(A1)', '-3', '@cmd']);
    // ExcelJS's ValueType.String: a string cell, not a formula.
    expect(grades.every((cell) => cell?.type === 3)).toBe(true);
  });

  it('never hands out one card number twice when two commits run at once', async () => {
    const files = [csvFile(validRows(30, '并发甲', 13740000000)), csvFile(validRows(30, '并发乙', 13750000000))];
    const answers = await Promise.all([
      upload(tokenA, 'commit', files[0] as Buffer),
      upload(tokenB, 'commit', files[1] as Buffer),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const numbers = (
      await Promise.all(answers.map(async (answer) => readXlsxBase64(answer.json().data.codesFile.base64)))
    ).flatMap((sheet) => sheet.slice(1).map((row) => String(row[0]?.value)));
    expect(numbers).toHaveLength(60);
    expect(new Set(numbers).size).toBe(60);
    const counter = await server.db.kysely.selectFrom('cardNoCounter').select('nextNo').executeTakeFirstOrThrow();
    expect(Number(counter.nextNo)).toBeGreaterThan(Math.max(...numbers.map(Number)));
  });
});

describe('the people list', () => {
  it('searches by name or card number and activation state, with masked phones', async () => {
    const byName = (
      await call(tokenA, 'GET', `${BASE}/people?keyword=${encodeURIComponent('开卡')}&pageSize=50`)
    ).json().data;
    expect(byName.total).toBe(4);
    expect(byName.list[0]).toMatchObject({ state: 'pending', how: 'opened' });
    expect(byName.list.every((person: { guardianPhone: string }) => /^137\*{4}\d{4}$/.test(person.guardianPhone))).toBe(
      true,
    );
    const one = byName.list[0].cardNo;
    const byCard = (await call(tokenA, 'GET', `${BASE}/people?keyword=${one}`)).json().data;
    expect(byCard.list.map((person: { cardNo: string }) => person.cardNo)).toEqual([one]);
    const active = (await call(tokenA, 'GET', `${BASE}/people?state=active&pageSize=100`)).json().data;
    expect(active.list.every((person: { state: string }) => person.state === 'active')).toBe(true);
    expect(active.list.map((person: { cardNo: string }) => person.cardNo)).toContain('90000020');
  });

  it('re-issues a code for a pending card (the old one dies) and refuses it for an active card', async () => {
    const [person] = (await call(tokenA, 'GET', `${BASE}/people?state=pending`)).json().data.list;
    const before = await server.db.kysely
      .selectFrom('activationCode')
      .select('codeHash')
      .where('cardNo', '=', person.cardNo)
      .executeTakeFirstOrThrow();
    const reissued = await call(tokenA, 'POST', `${BASE}/people/${person.cardNo}/code`);
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json().data).toMatchObject({ cardNo: person.cardNo, code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    const after = await server.db.kysely
      .selectFrom('activationCode')
      .select('codeHash')
      .where('cardNo', '=', person.cardNo)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]?.codeHash).not.toBe(before.codeHash);

    const active = await call(tokenA, 'POST', `${BASE}/people/90000020/code`);
    expect(active.statusCode).toBe(400);
    expect(active.json().message).toBe('该卡已激活，无需激活码');
  });

  it('lists batches and re-issues a batch’s codes as a spreadsheet', async () => {
    const batches = (await call(tokenA, 'GET', `${BASE}/batches`)).json().data;
    expect(batches.total).toBeGreaterThan(0);
    const batch = batches.list.find((item: { opened: number }) => item.opened === 4);
    const codes = await call(tokenA, 'POST', `${BASE}/batches/${batch.id}/codes`);
    expect(codes.statusCode).toBe(200);
    expect((await readXlsxBase64(codes.json().data.base64)).length).toBe(batch.pending + 1);
  });

  it('removes a link and keeps the card', async () => {
    const removed = await call(tokenA, 'DELETE', `${BASE}/people/90000020`);
    expect(removed.statusCode).toBe(200);
    expect((await call(tokenA, 'GET', `${BASE}/people?keyword=90000020`)).json().data.total).toBe(0);
    expect(
      await server.db.kysely
        .selectFrom('cardHolder')
        .select('cardNo')
        .where('cardNo', '=', '90000020')
        .executeTakeFirst(),
    ).toBeDefined();
    expect((await call(tokenA, 'DELETE', `${BASE}/people/90000020`)).statusCode).toBe(404);
  });
});

describe('two institutions', () => {
  it("reach none of each other's people or batches, whatever they send", async () => {
    const ownBy = async (token: string) => {
      const people = (await call(token, 'GET', `${BASE}/people?pageSize=500`)).json().data.list as { cardNo: string }[];
      const batches = (await call(token, 'GET', `${BASE}/batches?pageSize=500`)).json().data.list as { id: number }[];
      return { cards: people.map((person) => person.cardNo), batches: batches.map((batch) => batch.id) };
    };
    const a = await ownBy(tokenA);
    const b = await ownBy(tokenB);
    expect(a.cards.length).toBeGreaterThan(0);
    expect(b.cards.length).toBeGreaterThan(0);
    expect(a.cards.filter((cardNo) => b.cards.includes(cardNo))).toEqual([]);
    expect(a.batches.filter((id) => b.batches.includes(id))).toEqual([]);

    const attempts: [string, string, { cards: string[]; batches: number[] }][] = [
      [tokenB, 'B', a],
      [tokenA, 'A', b],
    ];
    for (const [token, who, other] of attempts) {
      for (const cardNo of other.cards.slice(0, 5)) {
        const search = (await call(token, 'GET', `${BASE}/people?keyword=${cardNo}`)).json();
        expect(search.data, `${who} searching ${cardNo}`).toEqual({ list: [], total: 0 });
        for (const [method, url] of [
          ['POST', `${BASE}/people/${cardNo}/code`],
          ['DELETE', `${BASE}/people/${cardNo}`],
        ] as const) {
          const response = await call(token, method, url);
          expect([403, 404], `${who} ${method} ${url}`).toContain(response.statusCode);
          expect(response.json().data ?? null, `${who} ${method} ${url}`).toBeNull();
        }
      }
      for (const batchId of other.batches) {
        const response = await call(token, 'POST', `${BASE}/batches/${batchId}/codes`);
        expect([403, 404], `${who} batch ${batchId}`).toContain(response.statusCode);
        expect(response.json().data ?? null).toBeNull();
      }
      // The institution comes from the account: a query naming another institution changes nothing.
      const mine = (
        await call(token, 'GET', `${BASE}/mine?institutionId=${who === 'A' ? schoolB.id : schoolA.id}`)
      ).json();
      expect(mine.data.id).toBe(who === 'A' ? schoolA.id : schoolB.id);
    }
    // Nothing of A's changed by B's attempts.
    expect((await ownBy(tokenA)).cards.sort()).toEqual([...a.cards].sort());
  });
});
