import { certificateVerifyPath } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Page } from '../../db/listPage';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/apiError';
import type { FileAnswer } from '../../http/fileAnswer';
import { maskedCardNo } from '../../security/loginRules';
import type { PdfTools } from '../proofs/pdfDocument';
import { maskName } from '../proofs/policy';
import { certificatePdf } from './certificatePdf';
import {
  type CertificateRow,
  certificatesOfCard,
  certificatesOfInstitution,
  findCardCertificate,
  findOwnTeamCertificate,
} from './certificateRepository';
import { toCertificate } from './certificateView';
import { FINAL_REFUSALS } from './policy';

export const holderCertificates = async (db: Kysely<Database>, cardNo: string) =>
  (await certificatesOfCard(db, cardNo)).map(toCertificate);

export const institutionCertificates = async (
  db: Kysely<Database>,
  institutionId: number,
  eventId: number | undefined,
  page: Page,
) => {
  const { rows, total } = await certificatesOfInstitution(db, institutionId, eventId, page);
  // The organiser sees other schools' pupils as a reviewer does: name and card number masked.
  const list = rows.map((row) => {
    const certificate = toCertificate(row);
    if (Number(row.institutionId) === institutionId) return certificate;
    return {
      ...certificate,
      holderName: maskName(certificate.holderName),
      cardNo: maskedCardNo(certificate.cardNo),
      printable: false,
    };
  });
  return { list, total };
};

/** The certificate as a signed PDF, made afresh (it is a page of text and a QR: about as quick as reading one). */
const pdfOf = async (row: CertificateRow | undefined, tools: PdfTools, publicUrl: string): Promise<FileAnswer> => {
  if (!row) throw notFound(FINAL_REFUSALS.certificateNotFound);
  const certificate = toCertificate(row);
  const bytes = await certificatePdf(
    tools,
    certificate,
    `${publicUrl}${certificateVerifyPath(certificate.certificateNo)}`,
  );
  return { bytes, contentType: 'application/pdf', fileName: `获奖证书-${certificate.certificateNo}.pdf` };
};

/** The holder's own certificate; another card's is not found. */
export const holderCertificatePdf = async (
  db: Kysely<Database>,
  tools: PdfTools,
  cardNo: string,
  id: number,
  publicUrl: string,
) => pdfOf(await findCardCertificate(db, cardNo, id), tools, publicUrl);

/**
 * A certificate of one of the institution's own teams, printed by the pupil's school; any other (an event it
 * only organised included: the full name of another school's pupil is not the organiser's to print) is not found.
 */
export const institutionCertificatePdf = async (
  db: Kysely<Database>,
  tools: PdfTools,
  institutionId: number,
  id: number,
  publicUrl: string,
) => pdfOf(await findOwnTeamCertificate(db, institutionId, id), tools, publicUrl);
