import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { ApiError, badRequest } from '../../http/apiError';

/** A table read from an uploaded file: the header's cells and each following non-empty row's cells. */
export interface Table {
  header: string[];
  /** `row` is the spreadsheet's own row number (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

export const SHEET_REFUSED = {
  empty: () => badRequest('文件为空'),
  notTable: () => badRequest('文件不是 .xlsx 或 .csv 表格'),
  oldExcel: () => badRequest('不支持 Excel 97-2003 的 .xls 格式，请另存为 .xlsx 后上传'),
  tooManyRows: (max: number) => new ApiError(413, `表格最多 ${max} 行（不含表头）`),
  tooLarge: (megabytes: number) => new ApiError(413, `文件不能超过 ${megabytes} MB`),
  noHeader: () => badRequest('表格没有表头行'),
  /**
   * A table with a correct header and nothing under it: refused by each import once its header is checked (so a
   * file whose first row is not the header hears about the header), by preview and commit alike.
   */
  noRows: () => badRequest('表格中只有表头，没有要导入的行'),
};

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/**
 * What a cell shows, as text. A formula counts as its cached result and is never evaluated (a file whose
 * formulas were never calculated shows them empty); rich text and links count as their text.
 */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: ExcelJS.CellValue }).result;
      return result === undefined || (typeof result === 'object' && result !== null && 'error' in result)
        ? ''
        : cellText(result);
    }
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
    if ('error' in value) return '';
  }
  return '';
};

const isBlank = (cells: string[]) => cells.every((cell) => cell === '');

/**
 * Reads the first sheet that has anything in it (a workbook often opens on an unused empty sheet) row by row
 * (exceljs's streaming reader: the workbook is never held whole), and stops at the row limit, so a huge sheet
 * is refused early. Styles are read so that date cells come back as dates.
 */
const readXlsxOnce = async (bytes: Buffer, maxRows: number): Promise<string[][]> => {
  const lines: string[][] = [];
  let sawSheet = false;
  let sheetId = '';
  let filled = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      sawSheet = true;
      sheetId = (sheet as unknown as { id: string }).id;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        lines[row.number - 1] = Array.from(cells, (cell) => cell ?? '');
        if (cells.some((cell) => cell) && ++filled > maxRows + 1) throw SHEET_REFUSED.tooManyRows(maxRows);
      }
      if (filled > 0) break;
      lines.length = 0;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw SHEET_REFUSED.notTable();
  }
  if (!sawSheet) throw SHEET_REFUSED.notTable();
  const table = Array.from(lines, (line) => line ?? []);
  await fillMergedCells(bytes, sheetId, table);
  return table;
};

const columnNumber = (letters: string) => [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);
const MAX_COLUMNS = 64;
const MERGE = /<mergeCell\s+ref="([A-Z]{1,3})(\d+):([A-Z]{1,3})(\d+)"/g;

/**
 * Teachers merge a column's cells where rows share a value (one 年级/班级 for a whole class); the file keeps the
 * value in the range's first cell only, and exceljs's streaming reader skips the list of merged ranges. So the
 * ranges are read from the sheet's own XML and every cell of a range takes its first cell's value, as the person
 * who made the file sees it.
 */
const fillMergedCells = async (bytes: Buffer, sheetId: string, table: string[][]) => {
  const xml = await (await JSZip.loadAsync(bytes)).file(`xl/worksheets/sheet${sheetId}.xml`)?.async('string');
  if (!xml) return;
  for (const [, fromColumn = '', fromRow, toColumn = '', toRow] of xml.matchAll(MERGE)) {
    const [top, left] = [Number(fromRow) - 1, columnNumber(fromColumn) - 1];
    // A range may name the whole sheet; only the rows read and the columns a table can have are filled.
    const [bottom, right] = [
      Math.min(Number(toRow), table.length) - 1,
      Math.min(columnNumber(toColumn), MAX_COLUMNS) - 1,
    ];
    const value = table[top]?.[left] ?? '';
    for (let row = top; row <= bottom; row++) {
      const cells = [...(table[row] ?? [])];
      for (let column = left; column <= right; column++) cells[column] = value;
      table[row] = Array.from(cells, (cell) => cell ?? '');
    }
  }
};

/**
 * exceljs's streaming reader parks worksheets that come before the shared strings (LibreOffice's and exceljs's
 * own order) in temporary files, and on a heavily loaded machine it has failed a good workbook now and then
 * (twice in full test runs, never in hundreds of reads of the same files alone). The bytes are in memory, so a
 * workbook the first read refused for anything but our own rules is read once more before it is refused.
 */
const readXlsx = async (bytes: Buffer, maxRows: number): Promise<string[][]> => {
  try {
    return await readXlsxOnce(bytes, maxRows);
  } catch (error) {
    if (error instanceof ApiError && error.message !== SHEET_REFUSED.notTable().message) throw error;
    return readXlsxOnce(bytes, maxRows);
  }
};

/** UTF-8 when it carries a BOM or decodes cleanly; otherwise GB18030 (a superset of GBK, what Excel writes on Chinese Windows). */
export const decodeText = (bytes: Buffer): string => {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'gb18030');
  }
};

/** RFC 4180: fields separated by commas, quoted with `"` (doubled inside), records by CRLF or LF. */
export const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += character;
      continue;
    }
    if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      record.push(field.trim());
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field.trim());
      records.push(record);
      record = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || record.length > 0) {
    record.push(field.trim());
    records.push(record);
  }
  return records;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what marks a binary file
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

/**
 * Reads the first sheet of an .xlsx, or a .csv, judged by the file's bytes (never its name): a ZIP
 * signature is an .xlsx, text is a CSV, anything else is refused. Blank lines are skipped.
 */
export const readTable = async (bytes: Buffer, maxRows: number): Promise<Table> => {
  if (bytes.length === 0) throw SHEET_REFUSED.empty();
  let lines: string[][];
  if (bytes.subarray(0, 4).equals(ZIP)) lines = await readXlsx(bytes, maxRows);
  else if (bytes.subarray(0, 4).equals(OLE)) throw SHEET_REFUSED.oldExcel();
  else {
    const text = decodeText(bytes);
    if (BINARY.test(text.slice(0, 65_536))) throw SHEET_REFUSED.notTable();
    lines = parseCsv(text);
  }
  const numbered = lines.map((cells, index) => ({ row: index + 1, cells })).filter(({ cells }) => !isBlank(cells));
  const [header, ...rows] = numbered;
  if (!header) throw SHEET_REFUSED.empty();
  if (header.row !== 1) throw SHEET_REFUSED.noHeader();
  if (rows.length > maxRows) throw SHEET_REFUSED.tooManyRows(maxRows);
  return { header: header.cells, rows };
};

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One sheet of text cells. Every value is written as a shared-string cell in the text number format (`@`),
 * so a value that starts like a formula (`=`, `+`, `-`, `@`) stays text: it is never stored as a formula,
 * and Excel keeps a text-formatted cell text when it is edited.
 */
export const writeXlsx = async (sheetName: string, header: readonly string[], rows: string[][]): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  // Streamed row by row: a list of 20,000 codes never sits in memory as a workbook model.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName, { properties: { defaultColWidth: 16 } });
  const headerRow = sheet.addRow([...header]);
  headerRow.font = { bold: true };
  headerRow.commit();
  for (const values of rows) {
    const row = sheet.addRow(values);
    row.eachCell((cell) => {
      cell.numFmt = '@';
    });
    row.commit();
  }
  await sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
};
