import {
  ACTIVATION_STATE_LABELS,
  ACTIVATION_STATES,
  type ActivationState,
  api,
  DEFAULT_PAGE_SIZE,
  type InstitutionPerson,
} from '@lianmeng/core';
import { Button, Input, Modal, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useRef, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { Mark, useKeyboardScroll } from '../../shared/readable';
import { useWorkbenchList } from './useWorkbenchList';
import { WorkbenchTable } from './WorkbenchTable';

interface Filters {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  state?: ActivationState;
}

/** The address an activation code is handed out with: the code in the fragment, which no server logs. */
const activationLink = (cardNo: string, code: string) =>
  `${window.location.origin}/creditBank/activate#cardNo=${encodeURIComponent(cardNo)}&code=${encodeURIComponent(code)}`;

/**
 * The institution's people: search by name or card number, filter by activation state, phones masked by the
 * server. A card not yet activated can get a new code (the old one dies); a link can be removed (the card and
 * its records stay with the holder).
 */
export const PeopleList = ({ version }: { version: number }) => {
  const [filters, setFilters] = useState<Filters>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, loading, reload } = useWorkbenchList(api.institutionWorkbench.people, filters, version);
  // An empty table has nothing to tab to inside its scrolling box: the box itself takes the focus.
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '人员名单');
  const [modal, modalHost] = Modal.useModal();

  const reissue = (person: InstitutionPerson) =>
    modal.confirm({
      title: '重新生成激活码',
      content: `将为 ${person.name}（卡号 ${person.cardNo}）生成新的激活码，之前发放的激活码立即作废。确定继续吗？`,
      okText: '重新生成',
      cancelText: '取消',
      onOk: async () => {
        const result = await http.call(api.institutionWorkbench.reissueCode, { params: { cardNo: person.cardNo } });
        if (!result.ok) return;
        const { cardNo, name, code, expiresTime } = result.data;
        void modal.success({
          title: '新的激活码',
          okText: '关闭',
          content: (
            <div data-testid="reissued-code">
              <p>
                {name}（卡号 {cardNo}）
              </p>
              <p>
                激活码：
                <Typography.Text strong copyable={{ text: code, tooltips: ['复制', '已复制'] }}>
                  {code}
                </Typography.Text>
              </p>
              <p>有效期至：{formatTime(expiresTime)}</p>
              <p style={{ wordBreak: 'break-all' }}>
                激活链接：
                <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>
                  {activationLink(cardNo, code)}
                </Typography.Text>
              </p>
            </div>
          ),
        });
        reload();
      },
    });

  const removeLink = (person: InstitutionPerson) =>
    modal.confirm({
      title: '解除关联',
      content: `解除后 ${person.name}（卡号 ${person.cardNo}）不再出现在本机构名单中；该卡及其学分记录仍归持卡人所有。确定解除吗？`,
      okText: '解除关联',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const result = await http.call(api.institutionWorkbench.removeLink, { params: { cardNo: person.cardNo } });
        if (result.ok) reload();
      },
    });

  const columns: TableColumnsType<InstitutionPerson> = [
    { title: '卡号', dataIndex: 'cardNo', key: 'cardNo', width: 110 },
    { title: '姓名', dataIndex: 'name', key: 'name', width: 90 },
    { title: '年级/班级', dataIndex: 'grade', key: 'grade', width: 110 },
    { title: '本人手机', dataIndex: 'phone', key: 'phone', width: 120, render: (phone: string) => phone || '—' },
    {
      title: '监护人手机',
      dataIndex: 'guardianPhone',
      key: 'guardianPhone',
      width: 120,
      render: (phone: string) => phone || '—',
    },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      width: 80,
      render: (state: ActivationState) => (
        <Mark tone={state === 'active' ? 'green' : 'orange'}>{ACTIVATION_STATE_LABELS[state]}</Mark>
      ),
    },
    {
      title: '来源',
      dataIndex: 'how',
      key: 'how',
      width: 100,
      render: (how: InstitutionPerson['how']) => (how === 'opened' ? '本机构开卡' : '关联已有卡'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, person) => (
        <Space size={0} wrap>
          {person.state === 'pending' && (
            <Button type="link" size="small" onClick={() => reissue(person)}>
              重新生成激活码
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => removeLink(person)}>
            解除关联
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section aria-label="人员名单" ref={section}>
      {modalHost}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="搜索姓名或卡号"
          placeholder="姓名或卡号"
          allowClear
          enterButton="搜索"
          maxLength={40}
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(value) => setFilters((old) => ({ ...old, keyword: value.trim() || undefined, pageNum: 1 }))}
        />
        <Select<ActivationState | undefined>
          aria-label="激活状态"
          placeholder="全部状态"
          allowClear
          style={{ minWidth: 130 }}
          value={filters.state}
          options={ACTIVATION_STATES.map((state) => ({ value: state, label: ACTIVATION_STATE_LABELS[state] }))}
          onChange={(state) => setFilters((old) => ({ ...old, state: state ?? undefined, pageNum: 1 }))}
        />
      </Space>
      <WorkbenchTable<InstitutionPerson>
        rowKey="cardNo"
        width={920}
        columns={columns}
        data={data}
        loading={loading}
        emptyText={filters.keyword || filters.state ? '没有符合条件的人员' : '暂无人员，可通过“导入名单开卡”添加'}
        page={filters}
        unit="人"
        sizeChanger
        onPage={(pageNum, pageSize) => setFilters((old) => ({ ...old, pageNum, pageSize }))}
      />
    </section>
  );
};
