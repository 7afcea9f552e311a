import { GENDERS, PHONE, ROSTER_COLUMNS, type RosterPreviewRow, type RosterRowIssue } from '@lianmeng/core';
import { badRequest } from '../../http/apiError';
import { SHEET_REFUSED, type Table } from './spreadsheet';

/** A roster row that passed every check. */
export interface RosterPerson {
  row: number;
  name: string;
  gender: string;
  birthDate: string;
  grade: string;
  phone: string;
  guardianPhone: string;
}

export interface CheckedRow {
  person: RosterPerson;
  issues: RosterRowIssue[];
}

const NAME_MAX = 40;
const GRADE_MAX = 40;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Maps the header's cells to the roster's columns; every column must be there, in any order. */
export const rosterColumns = (header: string[]): Record<(typeof ROSTER_COLUMNS)[number], number> => {
  const positions = new Map(header.map((cell, index) => [cell.replace(/\s/g, ''), index]));
  const missing = ROSTER_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    throw badRequest(`表头应为：${ROSTER_COLUMNS.join('、')}（缺少「${missing.join('」「')}」）`);
  }
  return Object.fromEntries(ROSTER_COLUMNS.map((column) => [column, positions.get(column) ?? -1])) as Record<
    (typeof ROSTER_COLUMNS)[number],
    number
  >;
};

const DATE_FORMS = [
  /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/,
  /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/,
  /^(\d{4})(\d{2})(\d{2})$/,
  /^(\d{4})年(\d{1,2})月(\d{1,2})日$/,
];

/** Day 0 of Excel's 1900 date system, counted so that serials after Excel's phantom 1900-02-29 come out right. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const EXCEL_SERIAL = /^\d{1,5}$/;

/**
 * A real calendar date in one of the forms people type, as YYYY-MM-DD; null otherwise. A bare whole number of up
 * to five digits is Excel's serial day number: a date cell whose format the file does not spell out (Chinese
 * Excel's built-in 2015年1月10日 format is one the reader only knows per locale) arrives as that number.
 */
export const parseBirthDate = (text: string): string | null => {
  if (EXCEL_SERIAL.test(text)) return new Date(EXCEL_EPOCH_MS + Number(text) * 86_400_000).toISOString().slice(0, 10);
  for (const form of DATE_FORMS) {
    const match = form.exec(text);
    if (!match) continue;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return null;
};

/** Today's date in Beijing (UTC+8, no daylight saving), as YYYY-MM-DD. */
export const beijingDate = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export const ageOn = (birthDate: string, day: string) => {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

/** The key two rows (or a row and a holder) are the same person by: name, birth date and a phone. */
export const personKeys = (person: Pick<RosterPerson, 'name' | 'birthDate' | 'phone' | 'guardianPhone'>) =>
  [person.phone, person.guardianPhone].filter(Boolean).map((phone) => `${person.name}|${person.birthDate}|${phone}`);

/** Checks each row on its own and against the rows above it; names row and column in every issue. */
export const checkRoster = (table: Table, today: string): CheckedRow[] => {
  const columns = rosterColumns(table.header);
  if (table.rows.length === 0) throw SHEET_REFUSED.noRows();
  const seen = new Map<string, number>();
  return table.rows.map(({ row, cells }) => {
    const issues: RosterRowIssue[] = [];
    const cell = (column: (typeof ROSTER_COLUMNS)[number]) => (cells[columns[column]] ?? '').trim();
    const refuse = (column: string, reason: string) =>
      issues.push({ row, column, message: `第 ${row} 行「${column}」：${reason}` });

    const name = cell('姓名');
    if (name === '') refuse('姓名', '不能为空');
    else if ([...name].length > NAME_MAX) refuse('姓名', `不能超过 ${NAME_MAX} 个字`);
    else if (CONTROL.test(name) || /\d/.test(name)) refuse('姓名', '不能包含数字或控制字符');

    const gender = cell('性别');
    if (!(GENDERS as readonly string[]).includes(gender)) refuse('性别', '应为 男 或 女');

    const birthText = cell('出生日期');
    const birthDate = parseBirthDate(birthText);
    if (birthText === '') refuse('出生日期', '不能为空');
    else if (!birthDate) refuse('出生日期', '应为 YYYY-MM-DD 格式的真实日期');
    else if (birthDate > today) refuse('出生日期', '不能晚于今天');
    else if (birthDate < '1900-01-01') refuse('出生日期', '不能早于 1900 年');

    const grade = cell('年级/班级');
    if ([...grade].length > GRADE_MAX) refuse('年级/班级', `不能超过 ${GRADE_MAX} 个字`);
    else if (CONTROL.test(grade)) refuse('年级/班级', '不能包含控制字符');

    const phone = cell('本人手机');
    const guardianPhone = cell('监护人手机');
    if (phone !== '' && !PHONE.test(phone)) refuse('本人手机', '应为 11 位手机号');
    if (guardianPhone !== '' && !PHONE.test(guardianPhone)) refuse('监护人手机', '应为 11 位手机号');
    if (phone === '' && guardianPhone === '') refuse('本人手机', '本人手机和监护人手机至少填一个');

    const person = { row, name, gender, birthDate: birthDate ?? birthText, grade, phone, guardianPhone };
    if (issues.length === 0) {
      const keys = personKeys(person);
      const earlier = keys.map((key) => seen.get(key)).find((found) => found !== undefined);
      if (earlier !== undefined) refuse('姓名', `与第 ${earlier} 行重复（姓名、出生日期、手机号相同）`);
      else for (const key of keys) seen.set(key, row);
    }
    return { person, issues };
  });
};

/** 138****0000; '' stays ''. */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

/** The preview's row: phones masked, and what committing it would do. */
export const previewRow = (checked: CheckedRow, linkCardNo: string | null): RosterPreviewRow => ({
  row: checked.person.row,
  name: checked.person.name,
  gender: checked.person.gender,
  birthDate: checked.person.birthDate,
  grade: checked.person.grade,
  phone: maskPhone(checked.person.phone),
  guardianPhone: maskPhone(checked.person.guardianPhone),
  outcome: checked.issues.length > 0 ? 'refused' : linkCardNo ? 'link' : 'new',
  linkCardNo: checked.issues.length > 0 ? null : linkCardNo,
  issues: checked.issues,
});
