import { constants, privateEncrypt } from 'node:crypto';
import fs from 'node:fs';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SignPdf } from '@signpdf/signpdf';
import * as fontkit from 'fontkit';
import forge from 'node-forge';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { SITE_NAME } from '../../render/document';
import { ICON_SVG } from '../../siteFiles/icons';
import type { ProofSigningKey } from './signingKey';

/** Debian's fonts-noto-cjk (the README's set-up and CI install it). */
export const DEFAULT_PROOF_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** The face of the collection that carries the mainland glyph forms. */
const FONT_FACE = 'NotoSansCJKsc-Regular';

export interface PdfTools {
  /**
   * The CJK font, parsed once: each document embeds the subset of glyphs it uses. Opening the 19 MB
   * collection for every document took most of a proof's time.
   */
  font: fontkit.Font;
  /** The alliance's mark as a PNG. */
  logo: Buffer;
  /** Signs a finished document (proofs; activation slips are left unsigned). */
  sign: (pdf: Buffer) => Promise<Buffer>;
}

/** forge's table types every entry as possibly missing; these are all in it. */
const oid = (name: 'sha256' | 'contentType' | 'data' | 'signingTime' | 'messageDigest') => String(forge.pki.oids[name]);

/** The DER prefix of a SHA-256 DigestInfo (PKCS#1 v1.5): what an RSA signature of a SHA-256 digest signs. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * A detached PKCS#7 signature (adbe.pkcs7.detached, what Acrobat, WPS and poppler check) with the certificate
 * embedded. forge assembles the structure; the RSA operation is Node's own, about a hundred times quicker than
 * forge's, which took a third of a proof's time.
 */
class KeySigner extends Signer {
  constructor(private readonly key: ProofSigningKey) {
    super();
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    p7.addCertificate(this.key.certificate);
    const privateKey = this.key.privateKey;
    p7.addSigner({
      key: {
        sign: (md: forge.md.MessageDigest) =>
          privateEncrypt(
            { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
            Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]),
          ).toString('binary'),
      } as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.key.certificate,
      digestAlgorithm: oid('sha256'),
      // In this order: the EU's validators read the attributes in it.
      authenticatedAttributes: [
        { type: oid('contentType'), value: oid('data') },
        { type: oid('signingTime'), value: (signingTime ?? new Date()) as unknown as string },
        { type: oid('messageDigest') },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/** What to say when the font is not there: which file, and what to install or set instead. */
export const fontMissing = (fontFile: string) =>
  new Error(
    `the CJK font for proofs and activation slips is missing: ${fontFile} (install Debian's fonts-noto-cjk, or set PROOF_FONT to a CJK .ttc/.otf/.ttf file)`,
  );

/** Reads the font and draws the logo once; an unreadable font fails with `fontMissing`'s message. */
export const loadPdfTools = async (fontFile: string, key: ProofSigningKey): Promise<PdfTools> => {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(fontFile);
  } catch {
    throw fontMissing(fontFile);
  }
  const opened = fontkit.create(bytes, fontFile.toLowerCase().endsWith('.ttc') ? FONT_FACE : undefined);
  if (!('layout' in opened)) throw new Error(`${fontFile} has no face ${FONT_FACE}`);
  const font = opened;
  const logo = await sharp(Buffer.from(ICON_SVG), { density: 300 }).resize(96, 96).png().toBuffer();
  const signPdf = new SignPdf();
  const signer = new KeySigner(key);
  const sign = async (pdf: Buffer) => {
    const withPlaceholder = plainAddPlaceholder({
      pdfBuffer: pdf,
      reason: '学习成果证明',
      contactInfo: '',
      name: SITE_NAME,
      location: 'CN',
      // Room for a PKCS#7 with one 2048- or 4096-bit certificate.
      signatureLength: 8192,
    });
    return signPdf.sign(withPlaceholder, signer);
  };
  return { font, logo, sign };
};

export type Pdf = PDFKit.PDFDocument;

/** A new A4 document with the CJK font registered as `cjk`. */
export const newDocument = (tools: PdfTools, title: string): Pdf => {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 48, left: 48, right: 48 },
    info: { Title: title, Author: SITE_NAME, Creator: SITE_NAME },
    displayTitle: true,
    lang: 'zh-CN',
  });
  // pdfkit takes a parsed fontkit font as it takes a file (its types know only the file).
  doc.registerFont('cjk', tools.font as unknown as Buffer);
  doc.font('cjk');
  return doc;
};

/** A finished document as a call answers a file. */
export const pdfDownload = (fileName: string, pdf: Buffer) => ({
  fileName,
  mimeType: 'application/pdf',
  base64: pdf.toString('base64'),
});

/** The finished document's bytes. */
export const finish = (doc: Pdf): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });

/** A QR code of `text` drawn as vector squares, `size` points wide, top left at (x, y); quiet zone included. */
export const drawQr = (doc: Pdf, text: string, x: number, y: number, size: number) => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const cell = size / cells;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) {
        // A hair wider than the cell, so neighbouring squares leave no seam when rendered.
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
};

/** The alliance's mark and name across the top of a page. */
export const drawLetterhead = (doc: Pdf, tools: PdfTools, x: number, y: number) => {
  doc.image(tools.logo, x, y, { width: 32, height: 32 });
  doc
    .fillColor('#b71c1c')
    .fontSize(13)
    .text(SITE_NAME, x + 40, y + 8, { lineBreak: false });
  doc.fillColor('#000000');
};
