import { api, buildPath, type CallDefinition, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardsOnOnePhone } from '../testing/cardHolders';
import { createTestServer, TEST_XSRF, type TestServer } from '../testing/testServer';

/**
 * Who may make each call, written out once more by hand: a change to a call's `access` or `xsrf` in the
 * contract must be made here too, on purpose, and the walk below then proves the server follows it.
 */
const ACCESS_TABLE: Record<
  string,
  `${CallDefinition['access']}${'' | ' +institution' | ' +operator'}${'' | ' +xsrf'}`
> = {
  'img.search': 'anonymous',
  'img.searchOne': 'anonymous',
  'img.insert': 'editor +xsrf',
  'img.update': 'staff +xsrf',
  'img.delete': 'editor +xsrf',
  'img.sortClear': 'editor +xsrf',
  'img.reorder': 'editor +xsrf',
  'img.openMany': 'staff +xsrf',
  'img.upload': 'editor +xsrf',
  'img.uploadDocument': 'editor +xsrf',
  'consoleAuth.login': 'anonymous +xsrf',
  'consoleAuth.logout': 'anonymous +xsrf',
  'consoleAuth.me': 'staff',
  'consoleAuth.secondFactor': 'anonymous +xsrf',
  'consoleAuth.security': 'staff',
  'consoleAuth.changePassword': 'staff +xsrf',
  'consoleAuth.reauth': 'staff +xsrf',
  'consoleAuth.enrolStart': 'staff +xsrf',
  'consoleAuth.enrolConfirm': 'staff +xsrf',
  'consoleAuth.setup': 'anonymous +xsrf',
  'consoleApi.settingsList': 'admin',
  'consoleApi.settingsOne': 'admin',
  'consoleApi.settingsUpdate': 'admin +xsrf',
  'consoleApi.auditList': 'admin',
  'consoleApi.auditOne': 'admin',
  'consoleApi.accountList': 'admin',
  'consoleApi.accountOne': 'admin',
  'consoleApi.accountCreate': 'admin +xsrf',
  'consoleApi.accountUpdate': 'admin +xsrf',
  'consoleApi.articleList': 'staff',
  'consoleApi.articleOne': 'staff',
  'consoleApi.articlePreview': 'editor +xsrf',
  'consoleApi.articleCreate': 'editor +xsrf',
  'consoleApi.articleUpdate': 'editor +xsrf',
  'consoleApi.articleDelete': 'editor +xsrf',
  'uc.publicKey': 'anonymous',
  'uc.validateCardByPass': 'anonymous +xsrf',
  'uc.secondFactor': 'anonymous +xsrf',
  'uc.sendCode': 'anonymous +xsrf',
  'uc.loginByPhoneAndCode': 'anonymous +xsrf',
  'uc.resetPassword': 'anonymous +xsrf',
  'uc.logout': 'cardHolder',
  'uc.info': 'cardHolder',
  'uc.chooseCard': 'cardHolder',
  'uc.changePassword': 'cardHolder',
  'uc.ssoReturnOrigins': 'anonymous',
  'uc.ssoCode': 'cardHolder',
  'uc.legacyValidateCardByPass': 'anonymous +xsrf',
  'sso.getUser': 'anonymous',
  'creditBank.info': 'cardHolder',
  'content.articles': 'anonymous',
  'content.article': 'anonymous',
  'site.settings': 'anonymous',
  'site.health': 'anonymous',
  'captcha.create': 'anonymous',
  'consoleApi.institutionList': 'admin',
  'consoleApi.institutionOne': 'admin',
  'consoleApi.institutionCreate': 'admin +xsrf',
  'consoleApi.institutionUpdate': 'admin +xsrf',
  'consoleApi.institutionImportPreview': 'admin +xsrf',
  'consoleApi.institutionImportCommit': 'admin +xsrf',
  'consoleApi.cardAccountList': 'admin',
  'consoleApi.cardAccountOne': 'admin',
  'consoleApi.cardAccountUpdate': 'admin +xsrf',
  'institutionWorkbench.mine': 'cardHolder +institution',
  'institutionWorkbench.people': 'cardHolder +institution',
  'institutionWorkbench.rosterTemplate': 'cardHolder +institution',
  'institutionWorkbench.rosterPreview': 'cardHolder +institution',
  'institutionWorkbench.rosterCommit': 'cardHolder +institution',
  'institutionWorkbench.batches': 'cardHolder +institution',
  'institutionWorkbench.batchCodes': 'cardHolder +institution',
  'institutionWorkbench.reissueCode': 'cardHolder +institution',
  'institutionWorkbench.removeLink': 'cardHolder +institution',
  'activation.check': 'anonymous +xsrf',
  'activation.sendCode': 'anonymous +xsrf',
  'activation.activate': 'anonymous +xsrf',
  'consoleApi.catalogueList': 'admin',
  'consoleApi.catalogueOne': 'admin',
  'consoleApi.catalogueCreate': 'admin +xsrf',
  'consoleApi.catalogueUpdate': 'admin +xsrf',
  'creditWorkbench.catalogue': 'cardHolder +institution',
  'creditWorkbench.evidenceUpload': 'cardHolder +institution',
  'creditWorkbench.record': 'cardHolder +institution',
  'creditWorkbench.list': 'cardHolder +institution',
  'creditWorkbench.template': 'cardHolder +institution',
  'creditWorkbench.importPreview': 'cardHolder +institution',
  'creditWorkbench.importCommit': 'cardHolder +institution',
  'creditWorkbench.evidence': 'cardHolder +institution',
  'creditWorkbench.reverse': 'cardHolder +institution',
  'creditWorkbench.objections': 'cardHolder +institution',
  'creditWorkbench.answerObjection': 'cardHolder +institution',
  'creditReview.queue': 'cardHolder +operator',
  'creditReview.records': 'cardHolder +operator',
  'creditReview.approveBatch': 'cardHolder +operator',
  'creditReview.returnBatch': 'cardHolder +operator',
  'creditReview.approveRecords': 'cardHolder +operator',
  'creditReview.returnRecords': 'cardHolder +operator',
  'creditReview.evidence': 'cardHolder +operator',
  'creditHolder.evidence': 'cardHolder',
  'creditHolder.object': 'cardHolder',
  'creditHolder.messages': 'cardHolder',
  'creditHolder.unreadCount': 'cardHolder',
  'creditHolder.markRead': 'cardHolder',
  'proofs.issue': 'cardHolder',
  'proofs.list': 'cardHolder',
  'proofs.download': 'cardHolder',
  'proofs.revoke': 'cardHolder',
  'proofs.slips': 'cardHolder +institution',
  'proofs.verify': 'anonymous',
  'proofs.verifyCertificate': 'anonymous',
  'consoleApi.eventList': 'editor',
  'consoleApi.eventChoices': 'editor',
  'consoleApi.eventOne': 'editor',
  'consoleApi.eventCreate': 'editor +xsrf',
  'consoleApi.eventUpdate': 'editor +xsrf',
  'matchEvents.list': 'anonymous',
  'matchEvents.detail': 'anonymous',
  'matchRegistration.events': 'cardHolder +institution',
  'matchRegistration.teams': 'cardHolder +institution',
  'matchRegistration.team': 'cardHolder +institution',
  'matchRegistration.create': 'cardHolder +institution',
  'matchRegistration.update': 'cardHolder +institution',
  'matchRegistration.withdraw': 'cardHolder +institution',
  'matchRegistration.uploadStart': 'cardHolder +institution',
  'matchRegistration.uploadStatus': 'cardHolder +institution',
  'matchRegistration.uploadChunk': 'cardHolder +institution',
  'matchRegistration.uploadFinish': 'cardHolder +institution',
  'matchRegistration.uploadCancel': 'cardHolder +institution',
  'matchRegistration.removeFile': 'cardHolder +institution',
  'matchRegistration.file': 'cardHolder +institution',
  'matchRegistration.submit': 'cardHolder +institution',
  'matchOrganiser.events': 'cardHolder +institution',
  'matchOrganiser.teams': 'cardHolder +institution',
  'matchOrganiser.team': 'cardHolder +institution',
  'matchOrganiser.file': 'cardHolder +institution',
  'matchOrganiser.approve': 'cardHolder +institution',
  'matchOrganiser.return': 'cardHolder +institution',
  'matchLadder.teams': 'cardHolder +institution',
  'matchLadder.carry': 'cardHolder +institution',
  'matchReview.events': 'cardHolder +operator',
  'matchReview.teams': 'cardHolder +operator',
  'matchReview.team': 'cardHolder +operator',
  'matchReview.file': 'cardHolder +operator',
  'matchReview.approve': 'cardHolder +operator',
  'matchReview.return': 'cardHolder +operator',
  'matchResults.results': 'cardHolder +institution',
  'matchResults.save': 'cardHolder +institution',
  'matchResults.template': 'cardHolder +institution',
  'matchResults.importPreview': 'cardHolder +institution',
  'matchResults.importCommit': 'cardHolder +institution',
  'matchResults.publish': 'cardHolder +institution',
  'matchResults.objections': 'cardHolder +institution',
  'matchResults.answer': 'cardHolder +institution',
  'matchObjections.object': 'cardHolder +institution',
  'matchObjections.mine': 'cardHolder +institution',
  'matchPublicResults.results': 'anonymous',
  'matchFinal.events': 'cardHolder +operator',
  'matchFinal.finalise': 'cardHolder +operator',
  'matchCertificates.mine': 'cardHolder',
  'matchCertificates.minePdf': 'cardHolder',
  'matchCertificates.institution': 'cardHolder +institution',
  'matchCertificates.institutionPdf': 'cardHolder +institution',
};

const IDENTITIES = ['anonymous', 'cardHolder', 'staff', 'editor', 'admin'] as const;
type Identity = (typeof IDENTITIES)[number];
type Outcome =
  | 'allowed'
  | 'no anti-forgery header'
  | 'no console session'
  | 'role too low'
  | 'no card token'
  | 'no card role';

/** The console roles from the least to the most trusted: each may do what the ones before it may. */
const ROLE_ORDER = ['staff', 'editor', 'admin'] as const;

const CALLS = Object.entries(api).flatMap(([area, calls]) =>
  Object.entries(calls as Record<string, CallDefinition>).map(([name, call]) => ({ key: `${area}.${name}`, call })),
);

/** What the table says should happen to this identity making this call. */
const expectedOutcome = (call: CallDefinition, identity: Identity, withXsrf: boolean): Outcome => {
  if (call.xsrf && !withXsrf) return 'no anti-forgery header';
  if (call.access === 'anonymous') return 'allowed';
  if (call.access === 'cardHolder' && identity !== 'cardHolder') return 'no card token';
  // The walk's card holds no role: the institution workbench is closed to it.
  if (call.access === 'cardHolder') return call.cardRole ? 'no card role' : 'allowed';
  if (identity === 'anonymous' || identity === 'cardHolder') return 'no console session';
  return ROLE_ORDER.indexOf(identity) >= ROLE_ORDER.indexOf(call.access) ? 'allowed' : 'role too low';
};

/** What the server did, told apart by the refusals the access checks give; anything else got past them. */
const observedOutcome = (status: number, message: unknown): Outcome => {
  if (status === 403 && message === '安全校验未通过，请刷新页面后重试') return 'no anti-forgery header';
  if (status === 401 && message === '请先登录管理台') return 'no console session';
  if (status === 403 && message === '您的角色没有权限执行此操作') return 'role too low';
  if (status === 403 && message === '您的账号没有此权限') return 'no card role';
  if (status === 401 && (message === '请先登录' || message === '登录已过期，请重新登录')) return 'no card token';
  return 'allowed';
};

// Path parameters that fit every pattern: the checks run before the parameters are read.
const PATH_VALUES = {
  id: 1,
  cardNo: '10000001',
  username: '10000001',
  password: 'not-the-password',
  batchId: 1,
  code: 'ABCDEFGHJKLMNPQR',
  eventId: 1,
  fileId: 1,
  uploadId: '0123456789abcdef0123456789abcdef',
};

let server: TestServer;
const consoleCookies = new Map<Identity, string>();
let cardHolderToken = '';

/** Calls that end the caller's session: each request gets a session of its own, so the walk goes on. */
const ENDS_SESSION = new Set(['consoleAuth.logout', 'uc.logout']);

const credentialsFor = async (identity: Identity, fresh: boolean) => {
  if (identity === 'anonymous') return {};
  if (identity === 'cardHolder') {
    const token = fresh ? await server.cardTokenFor('10000001') : cardHolderToken;
    return { authorization: token };
  }
  const cookie = fresh ? await server.signIn(identity) : (consoleCookies.get(identity) ?? '');
  return { cookie, [HEADERS.console]: '1' };
};

beforeAll(async () => {
  server = await createTestServer();
  await buildCardsOnOnePhone(server);
  for (const role of ROLE_ORDER) consoleCookies.set(role, await server.signIn(role));
  cardHolderToken = await server.cardTokenFor('10000001');
});
afterAll(() => server.close());

describe('the access table', () => {
  it('is the one the contract holds, call for call', () => {
    const fromContract = Object.fromEntries(
      CALLS.map(({ key, call }) => [
        key,
        `${call.access}${call.cardRole ? ` +${call.cardRole}` : ''}${call.xsrf ? ' +xsrf' : ''}`,
      ]),
    );
    expect(fromContract).toEqual(ACCESS_TABLE);
  });

  it('has a route on the server for every call', () => {
    const missing = CALLS.filter(({ call }) => !server.app.hasRoute({ method: call.method, url: call.path }));
    expect(missing.map(({ key }) => key)).toEqual([]);
  });

  it(`is what the server enforces: ${CALLS.length} calls × ${IDENTITIES.length} identities × with and without the anti-forgery header`, async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const { key, call } of CALLS) {
      for (const identity of IDENTITIES) {
        for (const withXsrf of [true, false]) {
          const credentials = await credentialsFor(identity, ENDS_SESSION.has(key));
          const { cookie, ...headers } = credentials as { cookie?: string } & Record<string, string>;
          const response = await server.app.inject({
            method: call.method,
            url: buildPath(call.path, PATH_VALUES),
            headers: {
              ...headers,
              cookie: [`${XSRF_COOKIE}=${TEST_XSRF}`, cookie].filter(Boolean).join('; '),
              ...(withXsrf ? { [HEADERS.xsrf]: TEST_XSRF } : {}),
            },
            ...(call.method === 'GET' ? {} : { payload: {} }),
          });
          requests += 1;
          if (response.statusCode >= 500) mismatches.push(`${key} as ${identity}: ${response.statusCode}`);
          const expected = expectedOutcome(call, identity, withXsrf);
          const observed = observedOutcome(response.statusCode, response.json().message);
          if (observed !== expected) {
            mismatches.push(
              `${key} as ${identity}${withXsrf ? '' : ' without the header'}: ${observed}, not ${expected}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(requests).toBe(CALLS.length * IDENTITIES.length * 2);
  });
});
