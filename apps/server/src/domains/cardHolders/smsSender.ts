import fs from 'node:fs/promises';
import path from 'node:path';

/** Delivers a log-in code. Production configures a real gateway; the demo writes to an outbox file. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
}

export const SMS_OUTBOX_FILE = 'sms-outbox.log';

/** The demo's inbox: `time phone code` lines in DATA_DIR/sms-outbox.log, readable by its owner only. */
export const createOutboxSender = (dataDir: string, now: () => Date): SmsSender => ({
  async send(phone, code) {
    const file = path.join(dataDir, SMS_OUTBOX_FILE);
    await fs.appendFile(file, `${now().toISOString()} ${phone} ${code}\n`, { mode: 0o600 });
  },
});

export interface MemorySmsSender extends SmsSender {
  sent: { phone: string; code: string }[];
  lastCodeFor(phone: string): string | undefined;
}

/** For tests: keeps what was sent. */
export const createMemorySmsSender = (): MemorySmsSender => {
  const sent: { phone: string; code: string }[] = [];
  return {
    sent,
    async send(phone, code) {
      sent.push({ phone, code });
    },
    lastCodeFor: (phone) => sent.filter((message) => message.phone === phone).at(-1)?.code,
  };
};
