import { ERROR_MODAL } from '@lianmeng/core';
import { Modal } from 'antd';
import { AntdScope } from '../../shared/AntdScope';

/** The one error modal: titled '提示信息', the answer's message, no footer, 250px from the top. */
const ErrorDialog = ({ message, onClose }: { message: string; onClose: () => void }) => (
  <AntdScope>
    <Modal open title={ERROR_MODAL.title} footer={null} style={{ top: ERROR_MODAL.topPx }} onCancel={onClose}>
      <p data-testid="error-message">{message}</p>
    </Modal>
  </AntdScope>
);

export default ErrorDialog;
