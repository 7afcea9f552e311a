import { createHmac, randomInt } from 'node:crypto';
import { SMS_CODE_RULES } from '@lianmeng/core';
import type { Db } from '../../db/database';
import { safeEqual } from '../../security/tokens';

export interface SmsCodes {
  /** A new code for the phone; an earlier unused one stops working. */
  issue(phone: string): Promise<string>;
  /** True once for the right code within its lifetime; a wrong try uses up one of its tries. */
  consume(phone: string, code: string): Promise<boolean>;
}

/** Keyed: a million possible codes make an unkeyed hash no secret to whoever holds a copy of the table. */
const hmacOf = (key: Buffer) => (phone: string, code: string) =>
  createHmac('sha256', key).update(`sms:${phone}:${code}`).digest('hex');

export const createSmsCodes = (db: Db, now: () => Date, key: Buffer): SmsCodes => {
  const hashOf = hmacOf(key);
  return {
    async issue(phone) {
      const code = String(randomInt(0, 10 ** SMS_CODE_RULES.digits)).padStart(SMS_CODE_RULES.digits, '0');
      const current = now();
      await db.writeTransaction(async (trx, locks) => {
        // The phone may have no code row to lock yet; two issues at once would both insert.
        await locks.named(`sms-code:${phone}`);
        await trx.deleteFrom('smsCode').where('phone', '=', phone).execute();
        await trx
          .insertInto('smsCode')
          .values({
            phone,
            codeHash: hashOf(phone, code),
            triesLeft: SMS_CODE_RULES.maxTries,
            createTime: current.toISOString(),
            expiresTime: new Date(current.getTime() + SMS_CODE_RULES.validMs).toISOString(),
          })
          .execute();
      });
      return code;
    },
    async consume(phone, code) {
      const current = now().toISOString();
      return db.writeTransaction(async (trx, locks) => {
        const row = await locks
          .forUpdate(trx.selectFrom('smsCode').selectAll().where('phone', '=', phone))
          .executeTakeFirst();
        if (!row) return false;
        if (row.expiresTime <= current || row.triesLeft <= 0) {
          await trx.deleteFrom('smsCode').where('phone', '=', phone).execute();
          return false;
        }
        if (safeEqual(row.codeHash, hashOf(phone, code))) {
          await trx.deleteFrom('smsCode').where('phone', '=', phone).execute();
          return true;
        }
        if (row.triesLeft <= 1) await trx.deleteFrom('smsCode').where('phone', '=', phone).execute();
        else
          await trx
            .updateTable('smsCode')
            .set({ triesLeft: row.triesLeft - 1 })
            .where('phone', '=', phone)
            .execute();
        return false;
      });
    },
  };
};
