import { CREDIT_IMPORT_COLUMNS } from '@lianmeng/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildCardHolder, buildInstitution, buildInstitutionAccount } from '../../testing/factories';
import type { TestServer } from '../../testing/testServer';
import { csvFile, multipartForm } from '../institutions/rosterTestFiles';

export const WORKBENCH = '/api/creditBank/institution';
export const REVIEW = '/api/creditBank/review';

/** A PNG's first bytes: what the evidence check reads. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/**
 * Two schools with an account each, a plain operator, an operator who is also school A's account, and
 * holders: two linked to school A (born 2012-05-01), one to school B, one to none.
 */
export const buildCreditWorld = async (server: TestServer) => {
  const db = server.db;
  const schoolA = await buildInstitution(db, { name: '甲学校' });
  const schoolB = await buildInstitution(db, { name: '乙学校' });
  await buildInstitutionAccount(db, { cardNo: '90000001', phone: '13600000001', institutionId: schoolA.id });
  await buildInstitutionAccount(db, { cardNo: '90000002', phone: '13600000002', institutionId: schoolB.id });
  await buildCardHolder(db, { cardNo: '90000005', phone: '13600000005', operator: true, school: '联盟认证中心' });
  await buildCardHolder(db, {
    cardNo: '90000006',
    phone: '13600000006',
    operator: true,
    institution: true,
    institutionId: schoolA.id,
    school: '甲学校',
  });
  const holders = [
    { cardNo: '91000001', phone: '13500000001', name: '王小明', schoolId: schoolA.id },
    { cardNo: '91000002', phone: '13500000002', name: '赵小红', schoolId: schoolA.id },
    { cardNo: '91000003', phone: '13500000003', name: '钱小刚', schoolId: schoolB.id },
    { cardNo: '91000004', phone: '13500000004', name: '孙小丽', schoolId: null },
  ];
  for (const holder of holders) {
    await buildCardHolder(db, {
      cardNo: holder.cardNo,
      phone: holder.phone,
      name: holder.name,
      birthDate: '2012-05-01',
    });
    if (holder.schoolId !== null) {
      await db.kysely
        .insertInto('institutionMember')
        .values({
          institutionId: holder.schoolId,
          cardNo: holder.cardNo,
          how: 'linked',
          batchId: null,
          linkTime: new Date().toISOString(),
          activationState: 'active',
        })
        .execute();
    }
  }
  const tokens = {
    schoolA: await server.cardTokenFor('90000001'),
    schoolB: await server.cardTokenFor('90000002'),
    operator: await server.cardTokenFor('90000005'),
    operatorOfA: await server.cardTokenFor('90000006'),
    pupil: await server.cardTokenFor('91000001'),
    pupil2: await server.cardTokenFor('91000002'),
  };
  const items = new Map(
    (await db.kysely.selectFrom('creditCatalogue').select(['id', 'code']).execute()).map((row) => [
      row.code,
      Number(row.id),
    ]),
  );
  const itemId = (code: string) => {
    const id = items.get(code);
    if (id === undefined) throw new Error(`no catalogue item ${code}`);
    return id;
  };
  return { schoolA, schoolB, tokens, itemId };
};

export const call = (
  server: TestServer,
  token: string,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

export const upload = (server: TestServer, token: string, url: string, file: Buffer, name: string, fields = {}) => {
  const form = multipartForm(file, name, fields);
  return server.app.inject({ method: 'POST', url, ...form, headers: { ...form.headers, authorization: token } });
};

export const creditCsv = (rows: string[][]) => csvFile(rows, { header: CREDIT_IMPORT_COLUMNS });

/** Days before today, as YYYY-MM-DD. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The holder's credit page: total and the first 50 records. */
export const totalOf = async (server: TestServer, token: string, cardNo: string) =>
  (await call(server, token, 'GET', `/api/creditBank/info?cardNo=${cardNo}&pageNum=1&pageSize=50`)).json().data;

export const recordCount = async (server: TestServer) =>
  Number(
    (
      await server.db.kysely
        .selectFrom('creditRecord')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
