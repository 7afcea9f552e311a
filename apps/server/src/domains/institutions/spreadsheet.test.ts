import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { parseBirthDate } from './roster';
import { cellText, decodeText, parseCsv, readTable, writeXlsx } from './spreadsheet';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF or LF records', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"two\nlines",x\ny,')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', 'x'],
      ['y', ''],
    ]);
  });

  it('decodes UTF-8 (with or without BOM) as UTF-8 and anything else as GB18030', () => {
    const text = '姓名,性别\r\n张三,男';
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
    expect(decodeText(iconv.encode(text, 'gbk'))).toBe(text);
    // A character outside GBK, which GB18030 encodes in four bytes.
    expect(decodeText(iconv.encode('𠀀同学', 'gb18030'))).toBe('𠀀同学');
  });
});

describe('a spreadsheet cell', () => {
  it('reads as the text it shows: formulas as their cached result, rich text and links as their text', () => {
    expect(cellText({ formula: '1+1', result: 2 })).toBe('2');
    expect(cellText({ formula: 'NOW()' } as never)).toBe('');
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } })).toBe('');
    expect(cellText({ richText: [{ text: '张' }, { text: '三 ' }] })).toBe('张三');
    expect(cellText({ text: '链接', hyperlink: 'https://example.com' })).toBe('链接');
    expect(cellText(new Date(Date.UTC(2015, 2, 1)))).toBe('2015-03-01');
    expect(cellText(13800000000)).toBe('13800000000');
    expect(cellText(null)).toBe('');
  });
});

describe('a date cell', () => {
  it("reads Excel's serial day number as its date (before and after Excel's phantom 1900-02-29), beside typed forms", () => {
    expect(parseBirthDate('42014')).toBe('2015-01-10');
    expect(parseBirthDate('61')).toBe('1900-03-01');
    expect(parseBirthDate('2015年1月10日')).toBe('2015-01-10');
    expect(parseBirthDate('20150110')).toBe('2015-01-10');
    expect(parseBirthDate('2015-02-30')).toBeNull();
  });
});

describe('a workbook the streaming reader fails on once', () => {
  it('is read again from the same bytes, and refused only when the second read fails too', async () => {
    const bytes = await writeXlsx('名单', ['姓名', '性别'], [['张三', '男']]);
    const parse = vi.spyOn(ExcelJS.stream.xlsx.WorkbookReader.prototype, 'parse');
    try {
      parse.mockImplementationOnce(() => {
        throw new Error('invalid signature');
      });
      expect(await readTable(bytes, 10)).toMatchObject({ header: ['姓名', '性别'], rows: [{ cells: ['张三', '男'] }] });
      expect(parse).toHaveBeenCalledTimes(2);

      parse.mockClear();
      const broken = () => {
        throw new Error('invalid signature');
      };
      parse.mockImplementationOnce(broken).mockImplementationOnce(broken);
      await expect(readTable(bytes, 10)).rejects.toMatchObject({ message: '文件不是 .xlsx 或 .csv 表格' });
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });
});
