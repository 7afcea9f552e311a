import { Alert } from 'antd';

/** A line the workbench shows after a decision, and moves the focus to. */
export interface Notice {
  type: 'success' | 'warning' | 'error';
  title: string;
  description?: string;
}

/**
 * A notice as an alert: a success is read out politely (status), a warning or a refusal at once (alert).
 * `onClose` makes it closable.
 */
export const NoticeAlert = ({
  notice,
  spacing,
  onClose,
}: {
  notice: Notice | null;
  spacing: number;
  onClose?: () => void;
}) =>
  notice ? (
    <Alert
      role={notice.type === 'success' ? 'status' : 'alert'}
      type={notice.type}
      showIcon
      closable={onClose ? { 'aria-label': '关闭提示' } : undefined}
      onClose={onClose}
      title={notice.title}
      description={notice.description}
      style={{ marginBottom: spacing }}
    />
  ) : null;
