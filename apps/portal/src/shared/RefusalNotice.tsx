import { Alert } from 'antd';

/**
 * The server's refusal of what a form sent, above the form (its message is already Chinese); nothing when
 * there is none. Inside a dialog it sits closer to the form (`spacing` 12).
 */
export const RefusalNotice = ({
  message,
  testId,
  spacing = 16,
}: {
  message: string | null;
  testId?: string;
  spacing?: number;
}) =>
  message ? (
    <Alert type="error" showIcon role="alert" title={message} style={{ marginBottom: spacing }} data-testid={testId} />
  ) : null;
