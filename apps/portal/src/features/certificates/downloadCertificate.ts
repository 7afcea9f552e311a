import { api, type Certificate } from '@lianmeng/core';
import { quietDownload } from '../review/quietCall';

const fileNameOf = (certificate: Certificate) => `获奖证书-${certificate.certificateNo}.pdf`;

/** The holder's own certificate (of the card chosen in the session); the refusal's message, or null once saved. */
export const downloadOwnCertificate = (certificate: Certificate, cardNo: string) =>
  quietDownload(
    api.matchCertificates.minePdf,
    { params: { id: String(certificate.id) }, query: { cardNo } },
    fileNameOf(certificate),
  );

/** A certificate of one of the school's own teams, printed by the school. */
export const downloadSchoolCertificate = (certificate: Certificate) =>
  quietDownload(
    api.matchCertificates.institutionPdf,
    { params: { id: String(certificate.id) } },
    fileNameOf(certificate),
  );
