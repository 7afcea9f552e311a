import { api, type Certificate } from '@lianmeng/core';
import { Card } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { CertificateList } from './CertificateList';
import { downloadOwnCertificate } from './downloadCertificate';

/**
 * 获奖证书 on /creditBank/info: the chosen card's match certificates, each printable as its signed PDF. Shown only
 * when the card has any; each certificate's credit is among the records below it.
 */
export const MyCertificates = ({ cardNo }: { cardNo: string }) => {
  const [certificates, setCertificates] = useState<Certificate[]>([]);

  useEffect(() => {
    if (!cardNo) return;
    let live = true;
    void http.call(api.matchCertificates.mine, { query: { cardNo } }).then((result) => {
      if (live) setCertificates(result.ok ? result.data : []);
    });
    return () => {
      live = false;
    };
  }, [cardNo]);

  if (certificates.length === 0) return null;
  return (
    <Card
      title={<h2 className="certificate-title">获奖证书</h2>}
      data-testid="my-certificates"
      style={{ marginTop: 16 }}
    >
      <p className="certificate-line">证书可凭编号和获奖者姓名在“验真”页查验；证书不作为中小学招生入学依据。</p>
      <CertificateList
        certificates={certificates}
        showHolder={false}
        printable={(certificate) => certificate.printable}
        onDownload={(certificate) => downloadOwnCertificate(certificate, cardNo)}
      />
    </Card>
  );
};
