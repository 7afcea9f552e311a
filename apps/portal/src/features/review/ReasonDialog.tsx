import { Form, Input } from 'antd';
import { FormDialog, REASON_MAX, reasonRules } from '../../shared/FormDialog';

/**
 * Asks why records are returned (退回): the institution reads the reason, so it is required. The dialog stays
 * open while the call runs; `onSubmit` closes it, whatever the call came to.
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

  return (
    <FormDialog
      form={form}
      open={open}
      title={title}
      okText="确认退回"
      danger
      hideRequiredMark
      intro={<p>{summary}。退回后机构可以看到原因，修改后重新提交。</p>}
      onClose={onCancel}
      onSubmit={async ({ reason }) => {
        await onSubmit(reason.trim());
        return true;
      }}
    >
      <Form.Item name="reason" label="退回原因" rules={reasonRules('请填写退回原因')}>
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
      </Form.Item>
    </FormDialog>
  );
};
