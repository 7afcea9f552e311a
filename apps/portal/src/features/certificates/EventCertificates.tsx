import { api, type Certificate, MAX_PAGE_SIZE } from '@lianmeng/core';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { CertificateList } from './CertificateList';
import { downloadSchoolCertificate } from './downloadCertificate';

/**
 * The certificates one event issued, as an institution sees them: its own pupils' in full and printable; as the
 * organiser, every school's, names masked, for the record (each school prints its own pupils').
 */
export const EventCertificates = ({ eventId }: { eventId: number }) => {
  const [certificates, setCertificates] = useState<Certificate[] | null>(null);

  useEffect(() => {
    let live = true;
    void http
      .call(api.matchCertificates.institution, {
        query: { pageNum: 1, pageSize: MAX_PAGE_SIZE, eventId: String(eventId) },
      })
      .then((result) => {
        if (live) setCertificates(result.ok ? result.data.list : []);
      });
    return () => {
      live = false;
    };
  }, [eventId]);

  if (!certificates) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  return (
    <section data-testid={`event-certificates-${eventId}`}>
      <h4>获奖证书</h4>
      <CertificateList
        certificates={certificates}
        showHolder
        printable={(certificate) => certificate.printable}
        onDownload={downloadSchoolCertificate}
        empty="本机构在该赛事没有获奖证书"
      />
    </section>
  );
};
