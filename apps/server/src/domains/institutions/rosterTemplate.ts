import { ROSTER_COLUMNS } from '@lianmeng/core';
import { writeXlsx, XLSX_MIME } from './spreadsheet';

/** Sample rows a newcomer can import as they are: one pupil under 14 with a guardian's phone, one older. */
export const ROSTER_SAMPLE_ROWS = [
  ['王小明', '男', '2016-03-15', '四年级2班', '', '13900000001'],
  ['赵雨桐', '女', '2010-09-01', '初二1班', '13900000002', '13900000003'],
];

export const rosterTemplateBytes = () => writeXlsx('名单', ROSTER_COLUMNS, ROSTER_SAMPLE_ROWS);

export const rosterTemplate = async () => ({
  fileName: '开卡名单模板.xlsx',
  mimeType: XLSX_MIME,
  base64: (await rosterTemplateBytes()).toString('base64'),
});
