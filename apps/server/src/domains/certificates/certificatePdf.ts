import { CERTIFICATE_NOTICE, type Certificate, EVENT_TYPE_LABELS } from '@lianmeng/core';
import { drawLetterhead, drawQr, finish, newDocument, type PdfTools } from '../proofs/pdfDocument';
import { formatCredits } from '../proofs/proofPdf';

/**
 * A certificate (获奖证书) as a signed A4 PDF: a framed page with the holder, the school, the event and item, the
 * award, the organiser and the approval number (批准文号), the number and a QR of its check page, and the words
 * the ministry's rules require (不作为中小学招生入学依据). All text is real text in the embedded CJK subset, so a
 * reader can copy it and a checker can read it back.
 */
export const certificatePdf = async (tools: PdfTools, certificate: Certificate, verifyUrl: string): Promise<Buffer> => {
  const doc = newDocument(tools, `获奖证书 ${certificate.certificateNo}`);
  const { width, height } = doc.page;
  const frame = 28;
  doc
    .lineWidth(3)
    .strokeColor('#b71c1c')
    .rect(frame, frame, width - frame * 2, height - frame * 2)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(frame + 6, frame + 6, width - (frame + 6) * 2, height - (frame + 6) * 2)
    .stroke();
  doc.strokeColor('#000000');
  const left = 72;
  const inner = width - left * 2;
  drawLetterhead(doc, tools, left, 60);

  doc.fillColor('#b71c1c').fontSize(36).text('获 奖 证 书', left, 150, { width: inner, align: 'center' });
  doc.fillColor('#000000').fontSize(16);
  const typeLabel = EVENT_TYPE_LABELS[certificate.type];
  const rank = certificate.rank === null ? '' : `（第 ${certificate.rank} 名）`;
  doc.text(`${certificate.holderName} 同学：`, left, 240, { width: inner });
  doc.text(
    `你所在的队伍「${certificate.teamName}」（${certificate.institutionName}）在 ${certificate.eventName}（${certificate.season} 年度，${certificate.level}${typeLabel ? `，${typeLabel}` : ''}）${certificate.itemName} 项目中荣获`,
    left,
    272,
    { width: inner, lineGap: 6 },
  );
  doc
    .fillColor('#b71c1c')
    .fontSize(30)
    .text(`${certificate.awardLabel}${rank}`, left, doc.y + 18, { width: inner, align: 'center' });
  doc
    .fillColor('#000000')
    .fontSize(16)
    .text('特发此证，以资鼓励。', left, doc.y + 18, { width: inner });

  const factsTop = 520;
  doc.fontSize(11).fillColor('#333333');
  const facts = [
    `证书编号：${certificate.certificateNo}`,
    `承办单位：${certificate.organizerName}`,
    `批准文号：${certificate.approvalNo || '—'}`,
    `颁发日期：${certificate.issueDate}`,
    `记入学分银行：${formatCredits(certificate.credits)} 学分`,
  ];
  facts.forEach((fact, index) => {
    doc.text(fact, left, factsTop + index * 20, { width: inner - 130 });
  });
  const qrSize = 112;
  drawQr(doc, verifyUrl, width - left - qrSize, factsTop - 6, qrSize);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('扫码查验（输入获奖者姓名）', width - left - qrSize, factsTop + qrSize - 2, {
      width: qrSize,
      align: 'center',
    });

  doc
    .fillColor('#b71c1c')
    .fontSize(13)
    .text(`本证书${CERTIFICATE_NOTICE}`, left, height - 150, { width: inner, align: 'center' });
  doc
    .fillColor('#555555')
    .fontSize(8)
    .text(`查验：${verifyUrl}　本证书由学分银行系统生成并加电子签名。`, left, height - 120, {
      width: inner,
      align: 'center',
    });
  doc.fillColor('#000000');
  return tools.sign(await finish(doc));
};
