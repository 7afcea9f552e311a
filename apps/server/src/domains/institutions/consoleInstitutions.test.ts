import { INSTITUTION_IMPORT_COLUMNS } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardHolder } from '../../testing/factories';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { csvFile, multipartForm } from './rosterTestFiles';

let server: TestServer;
let admin = '';
let editor = '';

beforeAll(async () => {
  server = await createTestServer();
  ({ admin, editor } = await server.signInRoles());
});
afterAll(() => server.close());

const create = (payload: Record<string, unknown>, cookie = admin) =>
  server.consoleInject(cookie, { method: 'POST', url: '/lianmeng/api/institutions', payload });
const grant = (cardNo: string, payload: Record<string, unknown>) =>
  server.consoleInject(admin, { method: 'PUT', url: `/lianmeng/api/cardAccounts/${cardNo}`, payload });
const auditCount = async () => (await server.db.kysely.selectFrom('auditLog').select('id').execute()).length;

describe('institutions in the console', () => {
  it('are created, listed, edited and disabled by the administrator, each change audited', async () => {
    const created = await create({ code: 'BJ-001', name: '北京测试学校', kind: 'memberSchool', province: '北京市' });
    expect(created.statusCode, created.body).toBe(200);
    const institution = created.json().data;
    expect(institution).toMatchObject({ code: 'BJ-001', status: 'active', city: '', accountCount: 0 });

    const list = await server.consoleInject(admin, {
      method: 'GET',
      url: `/lianmeng/api/institutions?filter=${encodeURIComponent(JSON.stringify({ q: '北京测试' }))}`,
    });
    expect(list.headers['content-range']).toBe('institutions 0-0/1');
    expect(list.json().data[0].id).toBe(institution.id);

    const disabled = await server.consoleInject(admin, {
      method: 'PUT',
      url: `/lianmeng/api/institutions/${institution.id}`,
      payload: { ...institution, status: 'disabled' },
    });
    expect(disabled.json().data.status).toBe('disabled');
    const entries = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('targetType', '=', 'institution')
      .where('targetId', '=', String(institution.id))
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['insert', 'update']);
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toMatchObject({
      from: { status: 'active' },
      to: { status: 'disabled' },
    });
  });

  it('refuses a duplicate code, a bad kind, and anyone but the administrator', async () => {
    const duplicate = await create({ code: 'BJ-001', name: '重名', kind: 'memberSchool', province: '北京市' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('机构代码已存在');
    const badKind = await create({ code: 'BJ-002', name: '某校', kind: 'school', province: '北京市' });
    expect(badKind.statusCode).toBe(400);
    const byEditor = await create({ code: 'BJ-003', name: '某校', kind: 'memberSchool', province: '北京市' }, editor);
    expect(byEditor.statusCode).toBe(403);
  });

  it('are imported from a spreadsheet: preview first, then all or nothing, once per file', async () => {
    const rows = [
      ['IMP-01', '导入一中', '成员学校', '河北省', '石家庄市', '长安区'],
      ['IMP-02', '导入考点', '考点', '河北省', '保定市', ''],
    ];
    const good = csvFile(rows, { header: INSTITUTION_IMPORT_COLUMNS });
    const bad = csvFile([...rows, ['BJ-001', '已有', '学校', '', '', '']], { header: INSTITUTION_IMPORT_COLUMNS });
    const send = (step: string, file: Buffer) =>
      server.consoleInject(admin, {
        method: 'POST',
        url: `/lianmeng/api/institutions/import/${step}`,
        ...multipartForm(file, 'institutions.csv'),
      });

    // The header alone is refused by both, rather than previewed as a file with nothing wrong in it.
    const before = await auditCount();
    for (const step of ['preview', 'commit']) {
      const headerOnly = await send(step, csvFile([], { header: INSTITUTION_IMPORT_COLUMNS }));
      expect(headerOnly.statusCode, step).toBe(400);
      expect(headerOnly.json().message).toBe('表格中只有表头，没有要导入的行');
    }
    expect(await auditCount()).toBe(before);

    const preview = (await send('preview', bad)).json().data;
    expect(preview).toMatchObject({ total: 3, newCount: 2, refusedCount: 1 });
    expect(preview.rows[2].issues.map((issue: { message: string }) => issue.message)).toEqual([
      '第 4 行「机构代码」：机构代码已存在',
      '第 4 行「机构类型」：应为 成员学校、联络办、考点、赛事承办单位、联盟机构 之一',
      '第 4 行「省」：不能为空，且不超过 20 个字',
    ]);
    const refused = await send('commit', bad);
    expect(refused.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    expect((await send('commit', good)).json().data).toEqual({ created: 2, alreadyCommitted: false });
    expect((await send('commit', good)).json().data).toEqual({ created: 0, alreadyCommitted: true });
    const imported = await server.db.kysely
      .selectFrom('institution')
      .select(['code', 'kind'])
      .where('code', 'like', 'IMP-%')
      .execute();
    expect(imported.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'IMP-01', kind: 'memberSchool' },
      { code: 'IMP-02', kind: 'examSite' },
    ]);
  });
});

describe('granting institution and operator accounts', () => {
  it('binds an account to an institution, audited, and the account then reads as one', async () => {
    await buildCardHolder(server.db, { cardNo: '92000001', phone: '13612340001', name: '吴老师' });
    const institution = (
      await create({ code: 'GR-01', name: '授权学校', kind: 'memberSchool', province: '江苏省' })
    ).json().data;

    const noInstitution = await grant('92000001', { institution: true });
    expect(noInstitution.statusCode).toBe(400);
    expect(noInstitution.json().message).toBe('请选择所属机构');
    const unknown = await grant('92000001', { institution: true, institutionId: 999999 });
    expect(unknown.json().message).toBe('机构不存在');

    const granted = await grant('92000001', { institution: true, institutionId: institution.id, operator: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({
      id: '92000001',
      institution: true,
      institutionId: institution.id,
      institutionName: '授权学校',
      operator: true,
      phone: '136****0001',
    });
    const token = await server.cardTokenFor('92000001');
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/uc/user/info',
      headers: { authorization: token },
    });
    expect(info.json().data).toMatchObject({ institution: true, operator: true });
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/creditBank/institution/mine',
      headers: { authorization: token },
    });
    expect(mine.json().data.name).toBe('授权学校');

    const listed = await server.consoleInject(admin, {
      method: 'GET',
      url: `/lianmeng/api/cardAccounts?filter=${encodeURIComponent(JSON.stringify({ role: 'institution' }))}`,
    });
    expect(listed.json().data.map((account: { cardNo: string }) => account.cardNo)).toContain('92000001');

    const withdrawn = await grant('92000001', { institution: false, operator: false });
    expect(withdrawn.json().data).toMatchObject({ institution: false, institutionId: null, operator: false });
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/creditBank/institution/mine',
      headers: { authorization: token },
    });
    expect(refused.statusCode).toBe(403);

    const grants = await server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'username'])
      .where('targetType', '=', 'cardAccount')
      .where('targetId', '=', '92000001')
      .execute();
    expect(grants).toEqual([
      { action: 'grant', username: 'admin' },
      { action: 'grant', username: 'admin' },
    ]);
  });

  it('refuses to grant a role to a card not yet activated', async () => {
    await buildCardHolder(server.db, { cardNo: '92000002', phone: '13612340002', activationState: 'pending' });
    const response = await grant('92000002', { operator: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('该卡尚未激活，不能授予');
  });
});
