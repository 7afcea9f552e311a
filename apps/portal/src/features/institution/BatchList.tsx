import { api, DEFAULT_PAGE_SIZE, type RosterBatch } from '@lianmeng/core';
import { Button, Modal, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { http } from '../../app/api';
import { formatTime } from '../../shared/dates';
import { saveDownload } from '../../shared/download';
import { useKeyboardScroll } from '../../shared/readable';
import { useWorkbenchList } from './useWorkbenchList';
import { WorkbenchTable } from './WorkbenchTable';

/**
 * The institution's roster batches. Codes are stored hashed, so a batch's codes cannot be shown again: a new
 * download (a spreadsheet, or printable slips) issues new codes for its cards not yet activated, and the codes
 * handed out before die.
 */
export const BatchList = ({ version }: { version: number }) => {
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, loading, reload } = useWorkbenchList(api.institutionWorkbench.batches, page, version);
  // An empty table has nothing to tab to inside its scrolling box: the box itself takes the focus.
  const section = useRef<HTMLElement>(null);
  useKeyboardScroll(section, '开卡批次');
  const [modal, modalHost] = Modal.useModal();

  const downloadCodes = (batch: RosterBatch) =>
    modal.confirm({
      title: '重新生成并下载激活码',
      content: `将为批次 ${batch.id} 中 ${batch.pending} 张尚未激活的卡重新生成激活码，之前发放的激活码立即作废。确定继续吗？`,
      okText: '重新生成并下载',
      cancelText: '取消',
      onOk: async () => {
        const result = await http.call(api.institutionWorkbench.batchCodes, { params: { batchId: String(batch.id) } });
        if (result.ok) saveDownload(result.data);
        reload();
      },
    });

  // The slips are printed where the codes are issued: the same new codes, laid out one slip per pupil.
  const printSlips = (batch: RosterBatch) =>
    modal.confirm({
      title: '重新生成并打印激活单',
      content: `将为批次 ${batch.id} 中 ${batch.pending} 张尚未激活的卡重新生成激活码，生成每人一张的激活单（PDF），之前发放的激活码立即作废。确定继续吗？`,
      okText: '重新生成并下载激活单',
      cancelText: '取消',
      onOk: async () => {
        const result = await http.call(api.proofs.slips, { params: { batchId: String(batch.id) } });
        if (result.ok) saveDownload(result.data);
        reload();
      },
    });

  const columns: TableColumnsType<RosterBatch> = [
    { title: '批次', dataIndex: 'id', key: 'id', width: 60 },
    { title: '文件', dataIndex: 'fileName', key: 'fileName', width: 180 },
    { title: '行数', dataIndex: 'rows', key: 'rows', width: 60, align: 'right' },
    { title: '新开卡', dataIndex: 'opened', key: 'opened', width: 70, align: 'right' },
    { title: '关联', dataIndex: 'linked', key: 'linked', width: 60, align: 'right' },
    { title: '未激活', dataIndex: 'pending', key: 'pending', width: 70, align: 'right' },
    { title: '导入时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: formatTime },
    { title: '导入人', dataIndex: 'createdBy', key: 'createdBy', width: 90 },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, batch) =>
        batch.pending > 0 ? (
          <>
            <Button type="link" size="small" onClick={() => downloadCodes(batch)}>
              重新下载激活码
            </Button>
            <Button type="link" size="small" onClick={() => printSlips(batch)}>
              打印激活单
            </Button>
          </>
        ) : (
          '全部已激活'
        ),
    },
  ];

  return (
    <section aria-label="开卡批次" ref={section}>
      {modalHost}
      <WorkbenchTable<RosterBatch>
        rowKey="id"
        width={980}
        columns={columns}
        data={data}
        loading={loading}
        emptyText="暂无开卡批次"
        page={page}
        unit="批"
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </section>
  );
};
