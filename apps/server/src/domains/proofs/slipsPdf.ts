import { drawLetterhead, drawQr, finish, newDocument, type PdfTools } from './pdfDocument';

export interface Slip {
  cardNo: string;
  name: string;
  grade: string;
  code: string;
  /** YYYY-MM-DD, the last day the code works. */
  expires: string;
  /** Where the QR leads: the activation page with the card and code in the fragment. */
  activateUrl: string;
}

const PER_PAGE = 4;

/**
 * Activation slips (激活单), four to an A4 page with dashed cut lines: for each pupil the card number, the
 * one-time code and a QR of the activation address, to hand out on paper. Not signed: a slip proves nothing,
 * and its code dies once used or when the batch's codes are issued again.
 */
export const slipsPdf = async (tools: PdfTools, institutionName: string, slips: Slip[]): Promise<Buffer> => {
  const doc = newDocument(tools, `学分卡激活单 - ${institutionName}`);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const top = 36;
  const height = (doc.page.height - top * 2) / PER_PAGE;
  slips.forEach((slip, index) => {
    const place = index % PER_PAGE;
    if (index > 0 && place === 0) doc.addPage();
    const y = top + place * height;
    if (place > 0) {
      doc
        .moveTo(left - 24, y)
        .lineTo(right + 24, y)
        .dash(4, { space: 4 })
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke()
        .undash();
    }
    drawLetterhead(doc, tools, left, y + 14);
    const qrSize = 112;
    drawQr(doc, slip.activateUrl, right - qrSize, y + 14, qrSize);
    const width = right - left - qrSize - 12;
    doc
      .fillColor('#000000')
      .fontSize(15)
      .text('学分卡激活单', left, y + 54, { width });
    doc.fontSize(10).text(`${slip.name}　${slip.grade}　（${institutionName}）`, left, y + 78, { width });
    doc.fontSize(12).text(`卡号：${slip.cardNo}`, left, y + 98, { width });
    doc.fontSize(12).text(`激活码：${slip.code.slice(0, 4)} ${slip.code.slice(4)}`, left, y + 118, { width });
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(
        `激活码 ${slip.expires} 前有效，只能使用一次。扫描二维码，或在学分银行“激活学分卡”页填写卡号与激活码。请妥善保管，勿转交他人。`,
        left,
        y + 142,
        { width },
      );
    doc.fillColor('#000000');
  });
  return finish(doc);
};
