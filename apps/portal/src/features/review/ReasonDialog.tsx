import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

const REASON_MAX = 200;

/**
 * Asks why records are returned (退回): the institution reads the reason, so it is required. The dialog stays
 * open while the call runs and closes only when `onSubmit` says it is done.
 */
export const ReasonDialog = ({
  open,
  title,
  summary,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  /** What is being returned, e.g. `将退回 3 条记录`. */
  summary: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) => {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const { reason } = await form.validateFields().catch(() => ({ reason: null }));
    if (reason === null) return;
    setBusy(true);
    await onSubmit(reason.trim());
    setBusy(false);
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="确认退回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <p>{summary}。退回后机构可以看到原因，修改后重新提交。</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="退回原因"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (text.length === 0) throw new Error('请填写退回原因');
                if (text.length < 2) throw new Error('请填写原因（至少 2 个字）');
                if (text.length > REASON_MAX) throw new Error(`不能超过 ${REASON_MAX} 个字`);
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
