/** Small real files for the files column: UTF-8 text and CSV (with a BOM so spreadsheet programs read the Chinese), and a hand-written PDF. */

const BOM = '\uFEFF';

export const textFile = (lines: string[]) => () => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

export const csvFile = (rows: string[][]) => () => {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return Buffer.from(`${BOM}${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`, 'utf8');
};

/**
 * A one-page PDF 1.4 with Helvetica text. Only ASCII: a CJK font cannot be embedded by hand, so the PDFs
 * carry the English version of a document. The cross-reference offsets are computed, so readers open it
 * without repairing it.
 */
export const pdfFile = (title: string, lines: string[]) => () => {
  const escapePdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  if (![title, ...lines].every((line) => /^[\x20-\x7e]*$/.test(line))) {
    throw new Error('demo PDF text must be printable ASCII');
  }
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 770 Td',
    `(${escapePdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -30 Td',
    '16 TL',
    ...lines.map((line) => `(${escapePdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};
