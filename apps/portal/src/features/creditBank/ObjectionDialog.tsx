import { api, type CreditRecord, OBJECTION_DAYS } from '@lianmeng/core';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { http } from '../../app/api';

/**
 * 提出异议 on one record: the reason is required (2 to 200 characters, as the server checks). The objection
 * changes nothing in the ledger; the recording institution answers it.
 */
export const ObjectionDialog = ({
  record,
  cardNo,
  onClose,
  onObjected,
}: {
  record: CreditRecord | null;
  cardNo: string;
  onClose: () => void;
  onObjected: () => void;
}) => {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ reason }: { reason: string }) => {
    if (!record) return;
    setBusy(true);
    const result = await http.call(api.creditHolder.object, {
      params: { id: String(record.id) },
      body: { cardNo, reason: reason.trim() },
    });
    setBusy(false);
    if (result.ok) {
      form.resetFields();
      onObjected();
    }
  };

  return (
    <Modal
      open={record !== null}
      title="提出异议"
      okText="提交异议"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {record && (
        <p>
          对“{record.itemName}”（{record.date}，{record.credits} 学分，{record.institutionName}登记）提出异议。 入账后{' '}
          {OBJECTION_DAYS} 天内可提出，由登记机构答复；答复前记录照常计入总学分。
        </p>
      )}
      <Form form={form} layout="vertical" onFinish={submit} aria-label="提出异议" requiredMark={false}>
        <Form.Item
          label="异议原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写原因' },
            { min: 2, message: '请填写原因（至少 2 个字）' },
            { max: 200, message: '不能超过 200 个字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={200} placeholder="请说明这条记录哪里有误" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
