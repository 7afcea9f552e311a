import { ROSTER_COLUMNS } from '@lianmeng/core';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/** Roster rows for tests: name, gender, birth date, class, own phone, guardian phone. */
export type Row = [string, string, string, string, string, string];

/** `count` distinct valid rows, pupils born in 2015 (under 14 until 2029), phones from `phoneBase`. */
export const validRows = (count: number, prefix = '学生', phoneBase = 13700000000): Row[] =>
  Array.from({ length: count }, (_, index) => [
    `${prefix}${String.fromCharCode(0x4e00 + (index % 400))}${String.fromCharCode(0x4e00 + Math.floor(index / 400))}`,
    index % 2 ? '女' : '男',
    `2015-0${(index % 9) + 1}-1${index % 10}`,
    `三年级${(index % 5) + 1}班`,
    '',
    String(phoneBase + index),
  ]);

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A CSV file as Excel would write it: UTF-8 (with or without BOM) or GB18030. */
export const csvFile = (
  rows: string[][],
  options: { encoding?: 'utf8' | 'utf8-bom' | 'gb18030'; header?: readonly string[] } = {},
) => {
  const text = [options.header ?? ROSTER_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
  if (options.encoding === 'gb18030') return iconv.encode(text, 'gb18030');
  const bytes = Buffer.from(text, 'utf8');
  return options.encoding === 'utf8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
};

/** An .xlsx file; a cell may be a formula with (or without) a cached result. */
export const xlsxFile = async (
  rows: (string | Date | { formula: string; result?: string })[][],
  header: readonly string[] = ROSTER_COLUMNS,
) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('名单');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A multipart form with the file as `file`, and `previewId` when given. */
export const multipartForm = (file: Buffer, fileName: string, fields: Record<string, string> = {}) => {
  const boundary = `----lianmeng${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Reads the cells of a spreadsheet answered as base64. */
export const readXlsxBase64 = async (base64: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: { value: ExcelJS.CellValue; type: ExcelJS.ValueType }[][] = [];
  sheet?.eachRow((row) => {
    const cells: { value: ExcelJS.CellValue; type: ExcelJS.ValueType }[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      cells.push({ value: cell.value, type: cell.type });
    });
    rows.push(cells);
  });
  return rows;
};
