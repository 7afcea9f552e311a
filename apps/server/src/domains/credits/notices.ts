import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsSender } from '../cardHolders/smsSender';
import { insertMessages } from './messageRepository';

export interface Notice {
  cardNo: string;
  title: string;
  body: string;
  recordId: number | null;
}

/** One SMS line per holder, sent after the transaction that wrote the inbox messages committed. */
export interface SmsNotice {
  phone: string;
  text: string;
}

/**
 * Writes the inbox messages in the caller's transaction and answers the SMS lines to send once it commits:
 * one per holder (a batch of many records is one line), to the holder's verified phone, else the guardian's.
 * The text names no record detail beyond the count: an SMS is read on a lock screen.
 */
export const writeNotices = async (db: Kysely<Database>, notices: Notice[], at: string): Promise<SmsNotice[]> => {
  if (notices.length === 0) return [];
  await insertMessages(
    db,
    notices.map((notice) => ({ ...notice, readTime: null, createTime: at })),
  );
  const byHolder = new Map<string, Notice[]>();
  for (const notice of notices) byHolder.set(notice.cardNo, [...(byHolder.get(notice.cardNo) ?? []), notice]);
  const cardNos = [...byHolder.keys()];
  const phones = new Map<string, string>();
  for (let start = 0; start < cardNos.length; start += 500) {
    const rows = await db
      .selectFrom('cardHolder')
      .select(['cardNo', 'phone', 'guardianPhone'])
      .where('cardNo', 'in', cardNos.slice(start, start + 500))
      .execute();
    for (const row of rows) if (row.phone || row.guardianPhone) phones.set(row.cardNo, row.phone || row.guardianPhone);
  }
  return [...byHolder].flatMap(([cardNo, list]) => {
    const phone = phones.get(cardNo);
    if (!phone) return [];
    const titles = [...new Set(list.map((notice) => notice.title))].join('、');
    return [{ phone, text: `【学分银行】卡号${cardNo}有 ${list.length} 条新消息（${titles}），请登录学分银行查看。` }];
  });
};

/** Best effort: an SMS gateway that fails does not undo what was posted; the inbox has the message. */
export const sendSms = async (sender: SmsSender, lines: SmsNotice[], log: FastifyBaseLogger) => {
  for (const line of lines) {
    try {
      await sender.send(line.phone, line.text);
    } catch (error) {
      log.warn({ err: error }, 'credit notice SMS not sent');
    }
  }
};
