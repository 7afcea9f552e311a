import { groupProofCode } from '@lianmeng/core';
import { drawLetterhead, drawQr, finish, newDocument, type PdfTools } from './pdfDocument';

export interface ProofRecordLine {
  date: string;
  activity: string;
  level: string;
  credits: number;
  institutionName: string;
  certificateNo: string;
}

export interface ProofContent {
  holderName: string;
  cardNo: string;
  school: string;
  records: ProofRecordLine[];
  totalCredits: number;
  issueDate: string;
  validUntil: string;
  code: string;
  verifyUrl: string;
}

const COLUMNS: { title: string; width: number; pick: (line: ProofRecordLine) => string }[] = [
  { title: '日期', width: 62, pick: (line) => line.date },
  { title: '活动', width: 150, pick: (line) => line.activity },
  { title: '级别', width: 44, pick: (line) => line.level },
  { title: '学分', width: 36, pick: (line) => formatCredits(line.credits) },
  { title: '记录机构', width: 112, pick: (line) => line.institutionName },
  { title: '证书编号', width: 95, pick: (line) => line.certificateNo || '—' },
];
const PADDING = 4;
const TABLE_FONT = 8.5;

export const formatCredits = (credits: number) => (Number.isInteger(credits) ? String(credits) : credits.toFixed(1));

/**
 * The proof as a signed PDF: letterhead, the holder, the records as a table (repeating its header on every
 * page), the total, the dates, the grouped code and a QR of the check address. All text is text in the
 * embedded CJK font's subset, so it can be read back, searched and copied.
 */
export const proofPdf = async (tools: PdfTools, content: ProofContent): Promise<Buffer> => {
  const doc = newDocument(tools, '学习成果证明');
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  drawLetterhead(doc, tools, left, 40);
  const qrSize = 96;
  drawQr(doc, content.verifyUrl, right - qrSize, 36, qrSize);
  doc.fontSize(20).text('学习成果证明', left, 92, { width: right - left - qrSize - 8 });
  doc.fontSize(10).fillColor('#333333');
  const facts = [
    `持有人：${content.holderName}`,
    `学分卡号：${content.cardNo}`,
    `学校：${content.school || '—'}`,
    `开具日期：${content.issueDate}　有效期至：${content.validUntil}`,
  ];
  let y = 124;
  for (const fact of facts) {
    doc.text(fact, left, y, { width: right - left - qrSize - 8 });
    y += 16;
  }
  doc
    .fillColor('#000000')
    .fontSize(11)
    .text(`验证码：${groupProofCode(content.code)}`, left, y + 2);
  y += 22;
  doc.fontSize(8).fillColor('#555555').text(`查验：扫描右上角二维码，或访问 ${content.verifyUrl}`, left, y);
  doc.fillColor('#000000');
  y += 20;

  const drawHeader = (top: number) => {
    let x = left;
    doc.rect(left, top, right - left, 18).fill('#f0f0f0');
    doc.fillColor('#000000').fontSize(TABLE_FONT);
    for (const column of COLUMNS) {
      doc.text(column.title, x + PADDING, top + 5, { width: column.width - PADDING * 2, lineBreak: false });
      x += column.width;
    }
    return top + 18;
  };
  y = drawHeader(y);
  doc.fontSize(TABLE_FONT);
  for (const line of content.records) {
    const cells = COLUMNS.map((column) => column.pick(line));
    const height =
      Math.max(
        ...cells.map((cell, index) => doc.heightOfString(cell, { width: (COLUMNS[index]?.width ?? 0) - PADDING * 2 })),
      ) +
      PADDING * 2;
    if (y + height > bottom - 40) {
      doc.addPage();
      y = drawHeader(doc.page.margins.top);
      doc.fontSize(TABLE_FONT);
    }
    let x = left;
    cells.forEach((cell, index) => {
      const width = COLUMNS[index]?.width ?? 0;
      doc.text(cell, x + PADDING, y + PADDING, { width: width - PADDING * 2 });
      x += width;
    });
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  }
  if (y > bottom - 80) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc
    .fontSize(11)
    .text(`合计：${content.records.length} 条记录，有效学分 ${formatCredits(content.totalCredits)}`, left, y + 10);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      '本证明由学分银行系统生成并加电子签名；记录以查验时的状态为准（其后冲正的记录在查验页标为“已冲正”）。有效期内可凭验证码查验，持有人可随时撤销。',
      left,
      y + 32,
      { width: right - left },
    );
  return tools.sign(await finish(doc));
};
