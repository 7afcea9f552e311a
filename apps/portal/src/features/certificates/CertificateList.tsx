import type { Certificate } from '@lianmeng/core';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import './certificates.css';

/**
 * Certificates as a list of cards (it reads the same on a phone): number, award, event and item, team and
 * school, the holder, the date and the credit posted; 下载证书 where the viewer may print it.
 */
export const CertificateList = ({
  certificates,
  showHolder,
  printable,
  onDownload,
  empty = '暂无获奖证书',
}: {
  certificates: readonly Certificate[];
  showHolder: boolean;
  /** Whether this viewer may print a given certificate. */
  printable: (certificate: Certificate) => boolean;
  /** Resolves with the refusal's message, or null once saved. */
  onDownload: (certificate: Certificate) => Promise<string | null>;
  empty?: string;
}) => {
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ id: number; message: string } | null>(null);
  if (certificates.length === 0) return <Empty description={empty} />;

  const download = async (certificate: Certificate) => {
    setBusy(certificate.id);
    setRefusal(null);
    const message = await onDownload(certificate);
    setBusy(null);
    if (message) setRefusal({ id: certificate.id, message });
  };

  return (
    <ul className="certificate-list">
      {certificates.map((certificate) => (
        <li key={certificate.id} className="certificate-card" data-testid={`certificate-${certificate.certificateNo}`}>
          <p className="certificate-award">
            {certificate.awardLabel}
            {certificate.rank ? `（第 ${certificate.rank} 名）` : ''}
            {showHolder && <span className="certificate-holder"> · {certificate.holderName}</span>}
          </p>
          <p>
            {certificate.eventName} · {certificate.itemName}
          </p>
          <p>
            {certificate.teamName}（{certificate.institutionName}）· 承办：{certificate.organizerName}
          </p>
          <p className="certificate-line">
            证书编号 <span className="certificate-no">{certificate.certificateNo}</span> · 颁发 {certificate.issueDate}{' '}
            · 记入 {certificate.credits} 学分
          </p>
          {printable(certificate) && (
            <Button
              size="small"
              loading={busy === certificate.id}
              aria-label={`下载证书 ${certificate.certificateNo}`}
              onClick={() => void download(certificate)}
            >
              下载证书
            </Button>
          )}
          {refusal?.id === certificate.id && (
            <p className="certificate-refusal" role="alert">
              {refusal.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
};
