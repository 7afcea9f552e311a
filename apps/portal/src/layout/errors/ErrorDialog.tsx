import { ERROR_MODAL } from '@lianmeng/core';
import { Modal } from 'antd';

/** Spec section 8: titled '提示信息', the body's message, no footer, 250px from the top. */
const ErrorDialog = ({ message, onClose }: { message: string; onClose: () => void }) => (
  <Modal
    open
    title={ERROR_MODAL.title}
    footer={null}
    style={{ top: ERROR_MODAL.topPx }}
    onCancel={onClose}
    centered={false}
  >
    <p data-testid="error-message">{message}</p>
  </Modal>
);

export default ErrorDialog;
