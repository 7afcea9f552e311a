import { Form, type FormInstance, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { RefusalNotice } from './RefusalNotice';

export const REASON_MAX = 200;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * A written reason or explanation: required, 2 to 200 characters once trimmed, as the server counts them (the
 * dialogs send it trimmed).
 */
export const reasonRules = (requiredMessage: string, minMessage = '请填写原因（至少 2 个字）'): Rule[] => [
  { required: true, whitespace: true, message: requiredMessage },
  { min: 2, transform: trimmed, message: minMessage },
  { max: REASON_MAX, transform: trimmed, message: `不能超过 ${REASON_MAX} 个字` },
];

/**
 * A dialog around one form that makes one call. `onSubmit` resolves with true once done (the form is
 * cleared), with the server's refusal to show inside the dialog, or with false to stay open as it is (the
 * site's error modal has already spoken). Cancelling clears the form and the refusal.
 */
export const FormDialog = <Values extends object>({
  form,
  open,
  title,
  okText,
  label,
  hideRequiredMark,
  danger,
  refusalTestId,
  intro,
  onClose,
  onSubmit,
  children,
}: {
  form: FormInstance<Values>;
  open: boolean;
  title: string;
  okText: string;
  /** The form's accessible name, where it needs one of its own. */
  label?: string;
  /** A dialog whose every field is required marks none of them. */
  hideRequiredMark?: boolean;
  /** The OK button of a dialog that undoes or turns something away (退回). */
  danger?: boolean;
  refusalTestId?: string;
  /** What the dialog is about, above the refusal and the form. */
  intro?: ReactNode;
  onClose: () => void;
  onSubmit: (values: Values) => Promise<boolean | string>;
  children: ReactNode;
}) => {
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setSaving(true);
    setRefusal(null);
    const outcome = await onSubmit(values);
    setSaving(false);
    if (typeof outcome === 'string') setRefusal(outcome);
    else if (outcome) form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={() => {
        setRefusal(null);
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
    >
      {intro}
      <RefusalNotice message={refusal} testId={refusalTestId} spacing={12} />
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={label}
        requiredMark={hideRequiredMark ? false : undefined}
        onFinish={(values) => void submit(values)}
      >
        {children}
      </Form>
    </Modal>
  );
};
