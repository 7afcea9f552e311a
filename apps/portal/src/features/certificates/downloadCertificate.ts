import { api, type CallDefinition, type Certificate } from '@lianmeng/core';
import type { CallResult } from '@lianmeng/core/http';
import { quietHttp } from '../../app/api';
import { errorBus } from '../../app/errorBus';
import { fileSaver } from '../../shared/download';

/**
 * Saves a downloaded certificate under its number. The bytes come through the client (the token travels in a
 * header, which a plain link cannot carry). Resolves with the refusal's message, or null once saved; an ended
 * session still goes to the site's error modal, which sends the holder to log in again.
 */
const save = async (call: CallDefinition, certificate: Certificate, result: CallResult<Blob>) => {
  if (result.ok) {
    fileSaver.save(result.data, `获奖证书-${certificate.certificateNo}.pdf`);
    return null;
  }
  if (result.status === 401) {
    errorBus.emit({ status: 401, message: result.message, path: call.path, access: call.access });
  }
  return result.message;
};

/** The holder's own certificate (of the card chosen in the session). */
export const downloadOwnCertificate = async (certificate: Certificate, cardNo: string) => {
  const call = api.matchCertificates.minePdf;
  return save(
    call,
    certificate,
    await quietHttp.download(call, { params: { id: String(certificate.id) }, query: { cardNo } }),
  );
};

/** A certificate of one of the school's own teams, printed by the school. */
export const downloadSchoolCertificate = async (certificate: Certificate) => {
  const call = api.matchCertificates.institutionPdf;
  return save(call, certificate, await quietHttp.download(call, { params: { id: String(certificate.id) } }));
};
