import {
  api,
  CREDIT_KIND_LABELS,
  CREDIT_KINDS,
  CREDIT_LEVELS,
  type CreditAccount,
  type CreditKind,
  type CreditLevel,
  type CreditRecord,
  DEFAULT_PAGE_SIZE,
  EVENT_LEVELS,
  EXAM_LEVELS,
} from '@lianmeng/core';
import { Card, ConfigProvider, DatePicker, Descriptions, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { http } from '../../app/api';
import '../../shared/dayjs';
import { saveDownload } from '../../shared/download';
import { READABLE_THEME } from '../../shared/readable';
import { usePageMessage } from '../../shared/usePageMessage';
import { AccountPage } from '../account/AccountPage';
import { chooseCard } from '../account/sessionActions';
import { useCardSession } from '../account/useCardSession';
import { MyCertificates } from '../certificates/MyCertificates';
import { CreditBankNav } from './CreditBankNav';
import { CreditRecords, type RecordActions } from './CreditRecords';
import { ObjectionDialog } from './ObjectionDialog';

interface Filters {
  pageNum: number;
  pageSize: number;
  kind?: CreditKind;
  level?: CreditLevel;
  range?: [Dayjs, Dayjs] | null;
}

/** The levels that go with a kind: an exam's 一级–七级, an event's 校级–国家级; all of them before a kind is chosen. */
const levelsOf = (kind: CreditKind | undefined): readonly CreditLevel[] => {
  if (kind === undefined) return CREDIT_LEVELS;
  return kind === 'exam' ? EXAM_LEVELS : EVENT_LEVELS;
};

const KIND_OPTIONS = CREDIT_KINDS.map((kind) => ({ value: kind, label: CREDIT_KIND_LABELS[kind] }));

/**
 * /creditBank/info: the chosen card's account and its records with their provenance (who recorded each, when
 * and by whom it was posted, the evidence, its state), with paging and filters; 提出异议 within the period.
 */
export const CreditBankInfoPage = () => {
  const current = useCardSession();
  const cardNo = current?.cardNo ?? '';
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [account, setAccount] = useState<CreditAccount | null>(null);
  const [loading, setLoading] = useState(false);
  const [objecting, setObjecting] = useState<CreditRecord | null>(null);
  const [notice, noticeHost] = usePageMessage();

  useEffect(() => {
    if (!cardNo) return;
    let live = true;
    setLoading(true);
    void http
      .call(api.creditBank.info, {
        query: {
          cardNo,
          pageNum: filters.pageNum,
          pageSize: filters.pageSize,
          kind: filters.kind,
          level: filters.level,
          from: filters.range?.[0].format('YYYY-MM-DD'),
          to: filters.range?.[1].format('YYYY-MM-DD'),
        },
      })
      .then((result) => {
        if (!live) return;
        setLoading(false);
        if (result.ok) setAccount(result.data);
      });
    return () => {
      live = false;
    };
  }, [cardNo, filters]);

  const openEvidence = async (record: CreditRecord) => {
    const result = await http.call(api.creditHolder.evidence, { params: { id: String(record.id) }, query: { cardNo } });
    if (result.ok) saveDownload(result.data);
  };
  const actions: RecordActions = { openEvidence: (record) => void openEvidence(record), object: setObjecting };

  const cards = current?.cardNoOfData ?? [];
  return (
    <AccountPage title="学分银行">
      {noticeHost}
      <CreditBankNav />
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label="持卡人">{account?.name ?? current?.ucUserInfo.name}</Descriptions.Item>
          <Descriptions.Item label="学校">{account?.school ?? current?.ucUserInfo.school}</Descriptions.Item>
          <Descriptions.Item label="卡号">
            {cards.length > 1 ? (
              <Select
                aria-label="切换卡号"
                value={cardNo}
                style={{ minWidth: 160 }}
                options={cards.map((card) => ({ value: card, label: card }))}
                onChange={async (next: string) => {
                  if ((await chooseCard(next)) === true) setFilters((old) => ({ ...old, pageNum: 1 }));
                }}
              />
            ) : (
              cardNo
            )}
          </Descriptions.Item>
          <Descriptions.Item label="总学分">
            <strong data-testid="total-credits">{account?.totalCredits ?? '—'}</strong>
          </Descriptions.Item>
        </Descriptions>
        {/* antd's placeholder grey reads at about 1.9:1 on white: the filters take the darker one. */}
        <ConfigProvider theme={READABLE_THEME}>
          <div className="credit-bank-tools">
            <Select<CreditKind>
              aria-label="类型"
              placeholder="全部类型"
              allowClear
              style={{ minWidth: 130 }}
              value={filters.kind}
              options={KIND_OPTIONS}
              onChange={(kind) =>
                setFilters((old) => ({
                  ...old,
                  kind,
                  // A level of another kind would match nothing.
                  level: old.level && levelsOf(kind).includes(old.level) ? old.level : undefined,
                  pageNum: 1,
                }))
              }
            />
            <Select<CreditLevel>
              aria-label="级别"
              placeholder="全部级别"
              allowClear
              style={{ minWidth: 120 }}
              value={filters.level}
              options={levelsOf(filters.kind).map((level) => ({ value: level, label: level }))}
              onChange={(level) => setFilters((old) => ({ ...old, level, pageNum: 1 }))}
            />
            <DatePicker.RangePicker
              aria-label="日期范围"
              placeholder={['开始日期', '结束日期']}
              value={filters.range ?? null}
              onChange={(range) =>
                setFilters((old) => ({
                  ...old,
                  range: range?.[0] && range[1] ? [range[0], range[1]] : null,
                  pageNum: 1,
                }))
              }
            />
            <Link to="/creditBank/proofs" className="proof-link" data-testid="proof-link">
              开具证明
            </Link>
          </div>
        </ConfigProvider>
        <CreditRecords
          records={account?.list ?? []}
          loading={loading}
          actions={actions}
          pagination={{
            current: filters.pageNum,
            pageSize: filters.pageSize,
            total: account?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNum, pageSize) => setFilters((old) => ({ ...old, pageNum, pageSize })),
          }}
        />
      </Card>
      <MyCertificates cardNo={cardNo} />
      <ObjectionDialog
        record={objecting}
        cardNo={cardNo}
        onClose={() => setObjecting(null)}
        onObjected={() => {
          setObjecting(null);
          void notice.success('异议已提交，等待登记机构答复');
          // The same filters as a new object: the page is asked for again and shows 异议处理中.
          setFilters((old) => ({ ...old }));
        }}
      />
    </AccountPage>
  );
};

export default CreditBankInfoPage;
