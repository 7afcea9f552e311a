import type { Insertable } from 'kysely';
import { insertCardHolders } from '../../domains/cardHolders/cardHolderRepository';
import { insertCreditRecords } from '../../domains/cardHolders/creditRecordRepository';
import { cardNeedsSecondFactor } from '../../domains/secondFactor/secondFactor';
import { cardAccountKey, insertSecondFactors } from '../../domains/secondFactor/secondFactorRepository';
import { hashPassword } from '../../security/passwords';
import type { Db } from '../database';
import type { CreditRecordTable } from '../schema';
import { CREDENTIAL_COLUMNS, createDemoCredentials } from './demoCredentials';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const CARD_HOLDERS_SEED_MARK = 'seed:card-holders:v1';
export const DEMO_PHONE = '13800000000';

const HOLDERS = [
  { cardNo: '10000001', name: '李明', school: '北京市第一中学', operator: 0, institution: 0 },
  { cardNo: '10000002', name: '李明', school: '北京市青少年科技活动中心', operator: 1, institution: 1 },
];

/** What each demo card is, as the credentials file says it. */
const ROLES: Record<string, string> = {
  '10000001': '持卡人（学员），北京市第一中学',
  '10000002': '持卡人；审核员；机构账号：北京市青少年科技活动中心（考点）',
};

/** The demo activities, by category: category | activity | credits | issuer. */
const ACTIVITY_TABLE = `
竞赛获奖 | 全国学校机器人运动联赛 一等奖 | 6 | 全国学校体育联盟（机器人运动）
竞赛获奖 | 省级青少年机器人足球赛 二等奖 | 4 | 省学校体育联盟
竞赛获奖 | 市级机器人创意搭建赛 三等奖 | 2 | 市教育局
培训研修 | 机器人运动教练员初级培训 | 3 | 全国学校体育联盟（机器人运动）
培训研修 | 编程与传感器应用研修班 | 2.5 | 联盟教育培训中心
裁判执裁 | 全国联赛分站赛 助理裁判 | 2 | 联盟竞赛委员会
裁判执裁 | 省级选拔赛 裁判员 | 1.5 | 省学校体育联盟
志愿服务 | 青少年机器人开放日 志愿讲解 | 1 | 联盟秘书处
志愿服务 | 乡村学校机器人课程支教 | 2 | 联盟公益项目组
课程学习 | 机器人运动基础课程（线上） | 1.5 | 联盟教育培训中心
课程学习 | 人工智能与机器人伦理选修课 | 1 | 联盟教育培训中心
`;

type Activity = { activity: string; credits: number; issuer: string };

/** The table's activities grouped by category, the categories in the table's order. */
const ACTIVITIES = ACTIVITY_TABLE.trim()
  .split('\n')
  .reduce((byCategory, line) => {
    const [category = '', activity = '', credits = '', issuer = ''] = line.split('|').map((cell) => cell.trim());
    byCategory.set(category, [...(byCategory.get(category) ?? []), { activity, credits: Number(credits), issuer }]);
    return byCategory;
  }, new Map<string, Activity[]>());
const CATEGORIES = [...ACTIVITIES.keys()];

/** 24 records for the first card over the two years before `now`, fewer for the second; dates spread evenly. */
const demoRecords = (now: Date) => {
  const records: Insertable<CreditRecordTable>[] = [];
  const day = 24 * 60 * 60 * 1000;
  const add = (cardNo: string, count: number, spanDays: number) => {
    for (let index = 0; index < count; index++) {
      const category = CATEGORIES[index % CATEGORIES.length] ?? '';
      const choices = ACTIVITIES.get(category) ?? [];
      const pick = choices[Math.floor(index / CATEGORIES.length) % choices.length];
      if (!pick) throw new Error(`no demo activity for ${category}`);
      const date = new Date(now.getTime() - Math.round(((index + 1) * spanDays) / count) * day);
      records.push({
        cardNo,
        date: date.toISOString().slice(0, 10),
        category,
        ...pick,
        certificateNo: `LM${date.getUTCFullYear()}${cardNo.slice(-4)}${String(index + 1).padStart(3, '0')}`,
      });
    }
  };
  add('10000001', 24, 720);
  add('10000002', 6, 300);
  return records;
};

/** The two demo cards on one phone, with their credit records, once per database, under their own seed mark. */
export const seedCardHolders = async (
  db: Db,
  options: { dataDir: string; demoPassword: string | undefined; now: Date },
): Promise<string | null> => {
  if (await hasSeedMark(db.kysely, CARD_HOLDERS_SEED_MARK)) return null;
  const credentials = createDemoCredentials(options.demoPassword);
  const at = options.now.toISOString();
  // One hash at a time: each takes 19 MiB, and memory that several threads took at once stays with the process.
  const holders: Parameters<typeof insertCardHolders>[1] = [];
  for (const holder of HOLDERS) {
    holders.push({
      ...holder,
      phone: DEMO_PHONE,
      passwordHash: await hashPassword(credentials.passwordFor(holder.cardNo, ROLES[holder.cardNo] ?? '持卡人')),
      createTime: at,
      updateTime: at,
    });
  }
  // The institution and operator card comes with its second factor, as every privileged demo account does.
  const enrolments = HOLDERS.filter(cardNeedsSecondFactor).map((holder) => ({
    account: cardAccountKey(holder.cardNo),
    secret: credentials.secretFor(holder.cardNo),
    enrolledTime: at,
  }));
  const seeded = await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, CARD_HOLDERS_SEED_MARK, at);
      await insertCardHolders(trx, holders);
      await insertSecondFactors(trx, enrolments);
      await insertCreditRecords(trx, demoRecords(options.now));
      return true;
    })
    .catch(async (error: unknown) => {
      if (await hasSeedMark(db.kysely, CARD_HOLDERS_SEED_MARK)) return false;
      throw error;
    });
  return seeded ? credentials.save(options.dataDir, `学分银行卡号（卡号\t${CREDENTIAL_COLUMNS}）`) : null;
};
