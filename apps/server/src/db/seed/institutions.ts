import { INSTITUTION_KIND_LABELS, type InstitutionKind } from '@lianmeng/core';
import { insertCardHolders } from '../../domains/cardHolders/cardHolderRepository';
import { insertMembers } from '../../domains/institutions/memberRepository';
import { cardAccountKey, insertSecondFactors } from '../../domains/secondFactor/secondFactorRepository';
import { hashPassword } from '../../security/passwords';
import type { Db } from '../database';
import { CREDENTIAL_COLUMNS, createDemoCredentials } from './demoCredentials';
import { claimSeedMark, hasSeedMark } from './seedMarks';

export const INSTITUTIONS_SEED_MARK = 'seed:institutions:v1';

const INSTITUTIONS: {
  code: string;
  name: string;
  kind: InstitutionKind;
  province: string;
  city: string;
  county: string;
}[] = [
  {
    code: 'BJ-S0001',
    name: '北京市第一中学',
    kind: 'memberSchool',
    province: '北京市',
    city: '北京市',
    county: '东城区',
  },
  {
    code: 'SH-S0002',
    name: '上海市育才小学',
    kind: 'memberSchool',
    province: '上海市',
    city: '上海市',
    county: '静安区',
  },
  {
    code: 'BJ-K0001',
    name: '北京市青少年科技活动中心',
    kind: 'examSite',
    province: '北京市',
    city: '北京市',
    county: '西城区',
  },
];

/** The workbench accounts: each acts for the institution of its code; the last is the reviewing staff's. */
const ACCOUNTS: { cardNo: string; name: string; phone: string; institutionCode: string | null }[] = [
  { cardNo: '10000003', name: '张老师', phone: '13800000003', institutionCode: 'BJ-S0001' },
  { cardNo: '10000004', name: '陈老师', phone: '13800000004', institutionCode: 'SH-S0002' },
  { cardNo: '10000005', name: '周审核', phone: '13800000005', institutionCode: null },
];
/** The demo card that already acts for an institution (the exam site), and the demo pupil linked to a school. */
const EXAM_SITE_ACCOUNT = { cardNo: '10000002', institutionCode: 'BJ-K0001' };
const LINKED_PUPIL = { cardNo: '10000001', institutionCode: 'BJ-S0001' };

const roleOf = (account: (typeof ACCOUNTS)[number]) => {
  const institution = INSTITUTIONS.find((item) => item.code === account.institutionCode);
  return institution
    ? `机构账号：${institution.name}（${INSTITUTION_KIND_LABELS[institution.kind]}）`
    : '审核员（联盟认证中心）';
};

/**
 * Two member schools and an exam site, an institution account for each (the exam site's is demo card
 * 10000002), one operator account, and demo card 10000001 linked to its school. Once per database.
 */
export const seedInstitutions = async (
  db: Db,
  options: { dataDir: string; demoPassword: string | undefined; now: Date },
): Promise<string | null> => {
  if (await hasSeedMark(db.kysely, INSTITUTIONS_SEED_MARK)) return null;
  const credentials = createDemoCredentials(options.demoPassword);
  const at = options.now.toISOString();
  const hashes: string[] = [];
  for (const account of ACCOUNTS)
    hashes.push(await hashPassword(credentials.passwordFor(account.cardNo, roleOf(account))));

  const seeded = await db
    .writeTransaction(async (trx) => {
      await claimSeedMark(trx, INSTITUTIONS_SEED_MARK, at);
      const ids = new Map<string, number>();
      for (const institution of INSTITUTIONS) {
        const row = await trx
          .insertInto('institution')
          .values({ ...institution, status: 'active', createTime: at, updateTime: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(institution.code, Number(row.id));
      }
      await insertCardHolders(
        trx,
        ACCOUNTS.map((account, index) => {
          const institution = INSTITUTIONS.find((item) => item.code === account.institutionCode);
          return {
            cardNo: account.cardNo,
            name: account.name,
            school: institution?.name ?? '全国学校体育联盟（机器人运动）认证中心',
            phone: account.phone,
            passwordHash: hashes[index] ?? '',
            operator: institution ? 0 : 1,
            institution: institution ? 1 : 0,
            institutionId: account.institutionCode ? (ids.get(account.institutionCode) ?? null) : null,
            activatedTime: at,
            createTime: at,
            updateTime: at,
          };
        }),
      );
      // Every workbench account comes with its second factor.
      await insertSecondFactors(
        trx,
        ACCOUNTS.map((account) => ({
          account: cardAccountKey(account.cardNo),
          secret: credentials.secretFor(account.cardNo),
          enrolledTime: at,
        })),
      );
      await trx
        .updateTable('cardHolder')
        .set({ institutionId: ids.get(EXAM_SITE_ACCOUNT.institutionCode) ?? null })
        .where('cardNo', '=', EXAM_SITE_ACCOUNT.cardNo)
        .where('institution', '=', 1)
        .execute();
      const pupil = await trx
        .selectFrom('cardHolder')
        .select('cardNo')
        .where('cardNo', '=', LINKED_PUPIL.cardNo)
        .executeTakeFirst();
      const schoolId = ids.get(LINKED_PUPIL.institutionCode);
      if (pupil && schoolId) {
        await insertMembers(trx, [
          {
            institutionId: schoolId,
            cardNo: pupil.cardNo,
            how: 'linked',
            batchId: null,
            linkTime: at,
            activationState: 'active',
          },
        ]);
      }
      return true;
    })
    .catch(async (error: unknown) => {
      if (await hasSeedMark(db.kysely, INSTITUTIONS_SEED_MARK)) return false;
      throw error;
    });
  return seeded ? credentials.save(options.dataDir, `机构与审核员账号（卡号\t${CREDENTIAL_COLUMNS}）`) : null;
};
