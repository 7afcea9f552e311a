import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { csvFile, multipartForm, readXlsxBase64, validRows } from './rosterTestFiles';
import { writeXlsx } from './spreadsheet';

// Rosters as other tools write them, not as our own exceljs does. The fixtures were saved by LibreOffice Calc
// (dates as date cells, phone numbers as number cells) from five pupils 学生一一… born 2015-01-10…, guardian
// phones 13800000000…; `excel-builtin-date-31.xlsx` is the same workbook with its date cells in Excel's
// built-in format 31 (2015年1月10日), which Chinese Excel writes by id alone; `excel-gb18030.csv` is what Excel
// on Chinese Windows saves as CSV: GB18030 without BOM, CRLF, dates as 2015/1/10; `libreoffice-merged-class.xlsx`
// has the five pupils' 年级/班级 as one merged cell (D2:D6), as teachers lay out a class.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

let server: TestServer;
let token = '';
const BASE = '/api/creditBank/institution';

beforeAll(async () => {
  server = await createTestServer();
  const school = await buildInstitution(server.db, { name: '甲学校' });
  await buildInstitutionAccount(server.db, { cardNo: '90000001', phone: '13600000001', institutionId: school.id });
  token = await server.cardTokenFor('90000001');
});
afterAll(() => server.close());

const preview = (file: Buffer, name: string) => {
  const form = multipartForm(file, name);
  return server.app.inject({
    method: 'POST',
    url: `${BASE}/roster/preview`,
    payload: form.payload,
    headers: { authorization: token, ...form.headers },
  });
};

describe('rosters saved by other tools', () => {
  it.each([
    ['an .xlsx saved by LibreOffice, with date and number cells', 'libreoffice-roster.xlsx', 5],
    ["an .xlsx whose dates are in Excel's built-in Chinese date format", 'excel-builtin-date-31.xlsx', 5],
    ['an .xlsx whose first sheet is empty and second holds the roster', 'libreoffice-second-sheet.xlsx', 5],
    ['an .xlsx with formulas, read as their cached results', 'libreoffice-formula.xlsx', 3],
    ['a GB18030 CSV as Excel on Chinese Windows saves it', 'excel-gb18030.csv', 5],
  ])('reads %s', async (_what, name, total) => {
    const response = await preview(fixture(name), name);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total, newCount: total, refusedCount: 0 });
    expect(data.rows[0]).toMatchObject({
      name: '学生一一',
      gender: '男',
      birthDate: '2015-01-10',
      grade: '三年级1班',
      phone: '',
      guardianPhone: '138****0000',
    });
  });

  it('refuses a roster with a merged title row above the header, naming the header it expects', async () => {
    const response = await preview(fixture('libreoffice-title-row.xlsx'), 'roster.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^表头应为：姓名、性别、出生日期、年级\/班级、本人手机、监护人手机/);
  });

  it('reads a CSV named .xlsx as the CSV it is', async () => {
    const response = await preview(csvFile(validRows(2, '改名')), 'roster.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ total: 2, refusedCount: 0 });
  });

  it('gives every row of a merged 年级/班级 cell the class it shows', async () => {
    const response = await preview(fixture('libreoffice-merged-class.xlsx'), 'roster.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 5, newCount: 5, refusedCount: 0 });
    expect(data.rows.map((row: { grade: string }) => row.grade)).toEqual(Array(5).fill('三年级1班'));
  });

  it('refuses a workbook with only an empty sheet as empty', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1');
    const response = await preview(Buffer.from(await workbook.xlsx.writeBuffer()), 'empty.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('文件为空');
  });
});

describe('the spreadsheets we write', () => {
  it('keep card numbers, codes and values that look like formulas as text', async () => {
    const values = [
      ['00012345', '=1+1'],
      ['12345678901234567890', '+8613800000000'],
      ['1E5', '-5'],
      ['学生', '@SUM(A1)'],
    ];
    const rows = await readXlsxBase64((await writeXlsx('码', ['卡号', '值'], values)).toString('base64'));
    expect(rows.slice(1).map((row) => row.map((cell) => cell.value))).toEqual(values);
    expect(
      rows
        .slice(1)
        .flat()
        .every((cell) => cell.type === ExcelJS.ValueType.String),
    ).toBe(true);
  });
});
