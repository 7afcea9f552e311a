import { api, type CreditRecord, groupProofCode, PROOF_MAX_VALID_DAYS, type ProofSummary } from '@lianmeng/core';
import { Button, Card, InputNumber, Modal, Radio, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { saveDownload } from '../../shared/download';
import { usePageMessage } from '../../shared/usePageMessage';
import { AccountPage } from '../account/AccountPage';
import { useCardSession } from '../account/useCardSession';

/** All the records a proof can list fit one page of the account call. */
const RECORDS_PAGE = 500;

/**
 * /creditBank/proofs (我的证明): the holder picks records (or every posted one) and a validity, issues a signed
 * proof and downloads it; the list shows each proof's validity, how often and when it was checked (never by
 * whom), and revokes one.
 */
export const ProofsPage = () => {
  const current = useCardSession();
  const cardNo = current?.cardNo ?? '';
  const [records, setRecords] = useState<CreditRecord[]>([]);
  const [proofs, setProofs] = useState<ProofSummary[]>([]);
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [validDays, setValidDays] = useState<number>(PROOF_MAX_VALID_DAYS);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(false);
  const [notice, noticeHost] = usePageMessage();
  const [modal, modalHost] = Modal.useModal();

  const loadProofs = useCallback(async () => {
    if (!cardNo) return;
    const result = await http.call(api.proofs.list, { query: { cardNo } });
    if (result.ok) setProofs(result.data);
  }, [cardNo]);

  useEffect(() => {
    if (!cardNo) return;
    let live = true;
    setLoading(true);
    void http.call(api.creditBank.info, { query: { cardNo, pageNum: 1, pageSize: RECORDS_PAGE } }).then((result) => {
      if (!live) return;
      setLoading(false);
      if (result.ok) setRecords(result.data.list);
    });
    void loadProofs();
    return () => {
      live = false;
    };
  }, [cardNo, loadProofs]);

  const postedCount = records.filter((record) => record.state !== 'reversed').length;

  const issue = async () => {
    setBusy(true);
    const result = await http.call(api.proofs.issue, {
      body: all ? { cardNo, all: true, validDays } : { cardNo, recordIds: chosen, validDays },
    });
    setBusy(false);
    if (!result.ok) return;
    saveDownload(result.data.file);
    void notice.success(`证明已开具，验证码 ${groupProofCode(result.data.proof.code)}`);
    setChosen([]);
    await loadProofs();
  };

  const download = async (proof: ProofSummary) => {
    const result = await http.call(api.proofs.download, { params: { id: String(proof.id) }, query: { cardNo } });
    if (result.ok) saveDownload(result.data);
  };

  const revoke = (proof: ProofSummary) =>
    modal.confirm({
      title: '撤销证明',
      content: `撤销后，验证码 ${groupProofCode(proof.code)} 立即查验为“已撤销”，且不能恢复。确定撤销吗？`,
      okText: '撤销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const result = await http.call(api.proofs.revoke, { params: { id: String(proof.id) }, body: { cardNo } });
        if (result.ok) void notice.success('证明已撤销');
        await loadProofs();
      },
    });

  const recordColumns: TableColumnsType<CreditRecord> = [
    { title: '日期', dataIndex: 'date', key: 'date', width: 110 },
    { title: '活动', dataIndex: 'itemName', key: 'itemName' },
    { title: '级别', dataIndex: 'level', key: 'level', width: 80 },
    { title: '学分', dataIndex: 'credits', key: 'credits', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'stateLabel', key: 'stateLabel', width: 100 },
  ];

  const proofColumns: TableColumnsType<ProofSummary> = [
    {
      title: '验证码',
      dataIndex: 'code',
      key: 'code',
      width: 190,
      render: (code: string) => <code>{groupProofCode(code)}</code>,
    },
    { title: '开具时间', dataIndex: 'issueTime', key: 'issueTime', width: 170, render: formatTime },
    { title: '有效期至', dataIndex: 'validUntil', key: 'validUntil', width: 110 },
    { title: '记录', dataIndex: 'recordCount', key: 'recordCount', width: 60, align: 'right' },
    { title: '状态', dataIndex: 'stateLabel', key: 'stateLabel', width: 80 },
    {
      title: '查验',
      key: 'checks',
      width: 200,
      render: (_, proof) =>
        proof.checkCount === 0 ? (
          '尚未被查验'
        ) : (
          <span data-testid={`checks-${proof.id}`}>
            共 {proof.checkCount} 次，最近：{proof.recentChecks.slice(0, 3).map(formatTime).join('、')}
          </span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, proof) => (
        <>
          <Button type="link" size="small" onClick={() => void download(proof)}>
            下载 PDF
          </Button>
          {proof.state !== 'revoked' ? (
            <Button type="link" size="small" danger onClick={() => revoke(proof)}>
              撤销
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <AccountPage title="我的证明" crumbs={[{ title: '学分银行', to: '/creditBank/info' }, { title: '我的证明' }]}>
      {noticeHost}
      {modalHost}
      <Card title="开具学习成果证明" size="small" style={{ marginBottom: 16 }}>
        <p>
          证明为带电子签名的 PDF，附 16 位验证码与二维码，任何人可在本站“证明查验”页核验；有效期最长{' '}
          {PROOF_MAX_VALID_DAYS} 天，可随时撤销。
        </p>
        <Radio.Group
          value={all ? 'all' : 'chosen'}
          onChange={(event) => setAll(event.target.value === 'all')}
          options={[
            { value: 'all', label: `全部已入账记录（${postedCount} 条）` },
            { value: 'chosen', label: '选择记录' },
          ]}
        />
        {all ? null : (
          <Table<CreditRecord>
            rowKey="id"
            size="small"
            style={{ marginTop: 12 }}
            scroll={{ x: 520 }}
            loading={loading}
            columns={recordColumns}
            dataSource={records}
            pagination={false}
            locale={{ emptyText: '暂无记录' }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen(keys.map(Number)),
              getCheckboxProps: (record) => ({
                disabled: record.state === 'reversed',
                'aria-label': `选择 ${record.date} ${record.itemName}`,
              }),
            }}
          />
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginTop: 12 }}>
          <label htmlFor="proof-valid-days">有效期（天）</label>
          <InputNumber
            id="proof-valid-days"
            min={1}
            max={PROOF_MAX_VALID_DAYS}
            precision={0}
            value={validDays}
            onChange={(value) => setValidDays(value ?? PROOF_MAX_VALID_DAYS)}
          />
          <Button
            type="primary"
            loading={busy}
            disabled={all ? postedCount === 0 : chosen.length === 0}
            onClick={() => void issue()}
            data-testid="issue-proof"
          >
            开具并下载证明
          </Button>
        </div>
      </Card>
      <Card title="已开具的证明" size="small">
        <p className="table-scroll-hint">表格较宽，可左右滑动查看全部列。</p>
        <Table<ProofSummary>
          rowKey="id"
          size="small"
          scroll={{ x: 960 }}
          columns={proofColumns}
          dataSource={proofs}
          pagination={false}
          locale={{ emptyText: '尚未开具证明' }}
          data-testid="proof-list"
        />
      </Card>
    </AccountPage>
  );
};

export default ProofsPage;
