import { api, type CreditRecord, OBJECTION_DAYS } from '@lianmeng/core';
import { Form, Input } from 'antd';
import { http } from '../../app/api';
import { FormDialog, REASON_MAX, reasonRules } from '../../shared/FormDialog';

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

  // A refusal goes to the site's error modal (the holder's session ending among them); the dialog stays open.
  const submit = async ({ reason }: { reason: string }) => {
    if (!record) return false;
    const result = await http.call(api.creditHolder.object, {
      params: { id: String(record.id) },
      body: { cardNo, reason: reason.trim() },
    });
    if (result.ok) onObjected();
    return result.ok;
  };

  return (
    <FormDialog
      form={form}
      open={record !== null}
      title="提出异议"
      okText="提交异议"
      label="提出异议"
      hideRequiredMark
      intro={
        record && (
          <p>
            对“{record.itemName}”（{record.date}，{record.credits} 学分，{record.institutionName}登记）提出异议。 入账后{' '}
            {OBJECTION_DAYS} 天内可提出，由登记机构答复；答复前记录照常计入总学分。
          </p>
        )
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item label="异议原因" name="reason" rules={reasonRules('请填写原因')}>
        <Input.TextArea rows={4} maxLength={REASON_MAX} placeholder="请说明这条记录哪里有误" />
      </Form.Item>
    </FormDialog>
  );
};
