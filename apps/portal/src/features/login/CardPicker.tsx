import { Button, Modal, Radio } from 'antd';
import { useState } from 'react';

/** A phone that holds several cards: the holder picks the one to use. */
export const CardPicker = ({
  cards,
  initial,
  onPick,
}: {
  cards: string[];
  initial: string;
  onPick: (cardNo: string) => Promise<void>;
}) => {
  const [chosen, setChosen] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title="请选择要使用的卡号" closable={false} maskClosable={false} keyboard={false} footer={null}>
      <p>该手机号绑定了多张卡，请选择本次要使用的卡号：</p>
      <Radio.Group value={chosen} onChange={(event) => setChosen(event.target.value)} aria-label="卡号">
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {cards.map((card) => (
            <Radio key={card} value={card}>
              {card}
            </Radio>
          ))}
        </div>
      </Radio.Group>
      <div style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={busy}
          data-testid="card-picker-confirm"
          onClick={async () => {
            setBusy(true);
            await onPick(chosen);
            setBusy(false);
          }}
        >
          确定
        </Button>
      </div>
    </Modal>
  );
};
