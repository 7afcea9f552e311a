import { api, type CreditAccount, type CreditRecord, DEFAULT_PAGE_SIZE } from '@lianmeng/core';
import { Card, DatePicker, Descriptions, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { AccountPage } from '../account/AccountPage';
import { chooseCard } from '../account/sessionActions';
import { useCardSession } from '../account/useCardSession';
import { CreditBankNav } from './CreditBankNav';

// The date picker's month and weekday names; set here, with the only page that has one.
dayjs.locale('zh-cn');

const columns: TableColumnsType<CreditRecord> = [
  { title: '日期', dataIndex: 'date', key: 'date', width: 110 },
  { title: '活动名称', dataIndex: 'activity', key: 'activity' },
  { title: '类别', dataIndex: 'category', key: 'category', width: 100 },
  { title: '学分', dataIndex: 'credits', key: 'credits', width: 70, align: 'right' },
  { title: '颁发单位', dataIndex: 'issuer', key: 'issuer' },
  { title: '证书编号', dataIndex: 'certificateNo', key: 'certificateNo', width: 150 },
];

interface Filters {
  pageNum: number;
  pageSize: number;
  category?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** /creditBank/info: the chosen card's account and its records, with paging and filters. */
export const CreditBankInfoPage = () => {
  const current = useCardSession();
  const cardNo = current?.cardNo ?? '';
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [account, setAccount] = useState<CreditAccount | null>(null);
  const [loading, setLoading] = useState(false);

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
          category: filters.category,
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

  const cards = current?.cardNoOfData ?? [];
  return (
    <AccountPage title="学分银行">
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
                  if (await chooseCard(next)) setFilters((old) => ({ ...old, pageNum: 1 }));
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
        <Space wrap style={{ margin: '16px 0' }}>
          <Select
            aria-label="类别"
            placeholder="全部类别"
            allowClear
            style={{ minWidth: 140 }}
            value={filters.category}
            options={(account?.categories ?? []).map((category) => ({ value: category, label: category }))}
            onChange={(category?: string) => setFilters((old) => ({ ...old, category, pageNum: 1 }))}
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
        </Space>
        <p className="table-scroll-hint">表格较宽，可左右滑动查看全部列。</p>
        <Table<CreditRecord>
          scroll={{ x: 760 }}
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={account?.list ?? []}
          locale={{ emptyText: '暂无学分记录' }}
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
    </AccountPage>
  );
};

export default CreditBankInfoPage;
