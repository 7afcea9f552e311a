import { CERTIFICATE_NOTICE, type Certificate, type FinalEvent } from '@lianmeng/core';
import { describe, expect, it } from 'vitest';
import { pdfSignatureReport, pdfText, qrCodesOnPage, withPdf } from '../proofs/proofTestKit';
import {
  buildOpenEvent,
  buildTeamRow,
  callAs,
  HOUR,
  iso,
  OPERATOR,
  ORGANISED,
  START,
  setupRegistrationWorld,
} from '../registrations/registrationTestKit';

const DAY = 24 * HOUR;
const FINAL = `${OPERATOR}/final`;
const CERTIFICATES = '/api/creditBank/institution/match/certificates';

const kit = setupRegistrationWorld();

type Method = 'GET' | 'POST' | 'PUT';
const as = (cardNo: string, method: Method, url: string, payload?: unknown) =>
  callAs(kit.server, cardNo, method, url, payload);
const accounts = () => kit.world.accounts;
const finalise = (eventId: number, cardNo = accounts().operator) =>
  as(cardNo, 'POST', `${OPERATOR}/events/${eventId}/finalise`);

/**
 * An event whose window closed before START: school A's team (two pupils) first and B's team (two pupils)
 * second in the plain item, A's one-pupil team ranked without an award in the other item; published at START.
 */
const publishedSeason = async (values: { organizerId?: number } = {}) => {
  const event = await buildOpenEvent(kit.server, kit.world, {
    opens: START - 3 * HOUR,
    closes: START - HOUR,
    ...values,
  });
  const [a1, a2, a3] = kit.world.pupilsOfA.map((pupil) => pupil.cardNo) as [string, string, string];
  const [b1, b2] = kit.world.pupilsOfB.map((pupil) => pupil.cardNo) as [string, string];
  const team = (itemId: number, institutionId: number, members: string[], name: string) =>
    buildTeamRow(kit.server, { eventId: event.id, itemId, institutionId, members, name });
  const teamA = await team(event.plain, kit.world.schoolA.id, [a1, a2], '甲队');
  const teamB = await team(event.plain, kit.world.schoolB.id, [b1, b2], '乙队');
  const teamA2 = await team(event.withFiles, kit.world.schoolA.id, [a3], '甲二队');
  const organiser = values.organizerId === kit.world.schoolA.id ? accounts().schoolA : accounts().organiser;
  const entries = [
    { teamId: teamA, rank: 1, award: 'first' },
    { teamId: teamB, rank: 2, award: 'second' },
    { teamId: teamA2, rank: 1 },
  ];
  expect((await as(organiser, 'PUT', `${ORGANISED}/events/${event.id}/results`, { entries })).statusCode).toBe(200);
  expect((await as(organiser, 'POST', `${ORGANISED}/events/${event.id}/results/publish`)).statusCode).toBe(200);
  return { ...event, teamA, teamB, teamA2, members: { a1, a2, a3, b1, b2 }, organiser };
};
type Season = Awaited<ReturnType<typeof publishedSeason>>;

/** The clock just past the end of the default five-day objection period. */
const afterObjections = () => {
  kit.clock = START + 5 * DAY + 1;
};

const finalEventOf = async (season: Season) => {
  const answer = await as(accounts().operator, 'GET', `${FINAL}?pageSize=100`);
  expect(answer.statusCode).toBe(200);
  return (answer.json().data.list as FinalEvent[]).find((event) => event.eventId === season.id);
};

const certificateRows = (season: Season) =>
  kit.server.db.kysely
    .selectFrom('matchCertificate')
    .selectAll()
    .where('eventId', '=', season.id)
    .orderBy('certificateNo')
    .execute();

/** The pupil's ledger records from this season's certificates (the suite's pupils take part in every season). */
const recordsOf = (season: Season, cardNo: string) =>
  kit.server.db.kysely
    .selectFrom('creditRecord')
    .selectAll()
    .where('cardNo', '=', cardNo)
    .where('certificateNo', 'like', `JQR-2026-${String(season.id).padStart(4, '0')}-%`)
    .execute();

const totalOf = async (cardNo: string) =>
  Number(
    (
      await kit.server.db.kysely
        .selectFrom('holderCreditTotal')
        .select('total')
        .where('cardNo', '=', cardNo)
        .executeTakeFirst()
    )?.total ?? 0,
  );

const verify = (certificateNo: string, name: string) =>
  kit.server.app.inject({
    method: 'GET',
    url: `/api/verify/certificate?certificateNo=${encodeURIComponent(certificateNo)}&name=${encodeURIComponent(name)}`,
  });

describe('making results final', () => {
  it('waits for the objection period and every answer, and changes nothing while it waits', async () => {
    const season = await publishedSeason();
    expect((await finalEventOf(season))?.state).toBe('objectionPeriod');
    const early = await finalise(season.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('异议期至');

    // An objection filed in the period and still unanswered after it holds the results back.
    kit.clock = START + DAY;
    const objected = await as(accounts().schoolB, 'POST', '/api/creditBank/institution/match/objections', {
      teamId: season.teamA,
      reason: '甲队第二轮成绩计时有误',
    });
    expect(objected.statusCode).toBe(200);
    afterObjections();
    const waiting = await finalEventOf(season);
    expect(waiting).toMatchObject({ state: 'awaitingAnswers', openObjections: 1, awardedMembers: 4 });
    const held = await finalise(season.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('尚有 1 条异议未答复，全部答复后才能确认生效');
    expect(await certificateRows(season)).toEqual([]);
    expect(await recordsOf(season, season.members.a1)).toEqual([]);

    const answered = await as(season.organiser, 'POST', `${ORGANISED}/objections/${objected.json().data.id}/answer`, {
      answer: '经复核计时录像，成绩无误，维持原结果。',
    });
    expect(answered.statusCode).toBe(200);
    expect((await finalEventOf(season))?.state).toBe('ready');
    expect((await finalise(season.id)).statusCode).toBe(200);
  });

  it('numbers a certificate for each awarded member, posts their credits from the organiser, and only once', async () => {
    const season = await publishedSeason();
    afterObjections();
    const before = await totalOf(season.members.a1);
    const answer = await finalise(season.id);
    expect(answer.statusCode).toBe(200);
    const event = answer.json().data as FinalEvent;
    expect(event).toMatchObject({ state: 'final', stateLabel: '已生效', certificateCount: 4, awardedMembers: 4 });
    expect(event.finalTime).toBe(iso(kit.clock));

    const rows = await certificateRows(season);
    const padded = String(season.id).padStart(4, '0');
    // The order of merit: the plain item's first team, then its second; the unawarded team gets none.
    expect(rows.map((row) => [row.certificateNo, row.cardNo, row.award])).toEqual([
      [`JQR-2026-${padded}-0001`, season.members.a1, 'first'],
      [`JQR-2026-${padded}-0002`, season.members.a2, 'first'],
      [`JQR-2026-${padded}-0003`, season.members.b1, 'second'],
      [`JQR-2026-${padded}-0004`, season.members.b2, 'second'],
    ]);
    expect(await recordsOf(season, season.members.a3)).toEqual([]);

    const [record] = await recordsOf(season, season.members.a1);
    expect(record).toMatchObject({
      state: 'posted',
      institutionId: kit.world.organiser.id,
      issuer: '市青少年科技中心',
      certificateNo: `JQR-2026-${padded}-0001`,
      reviewedBy: accounts().operator,
      reviewingUnit: '联盟认证中心',
      submittedBy: accounts().organiser,
      // Dated by the publication (START, a Beijing noon).
      date: '2026-05-10',
    });
    expect(record?.activity).toContain('机器人足球·一等奖');
    expect(await totalOf(season.members.a1)).toBe(before + Number(record?.credits));

    // The pupil is told, in the inbox.
    const messages = await kit.server.db.kysely
      .selectFrom('message')
      .select(['title', 'recordId'])
      .where('cardNo', '=', season.members.b2)
      .execute();
    const [recordOfB2] = await recordsOf(season, season.members.b2);
    expect(messages).toContainEqual({ title: '学分入账', recordId: recordOfB2?.id });

    const twice = await finalise(season.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('成绩已经生效，不能重复确认');
    expect(await certificateRows(season)).toHaveLength(4);

    const audits = await kit.server.db.kysely
      .selectFrom('auditLog')
      .select(['action', 'username'])
      .where('targetType', '=', 'matchEvent')
      .where('targetId', '=', String(season.id))
      .where('action', '=', 'finalise')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('lets anyone check a certificate by its number and the full name, and nothing else', async () => {
    const season = await publishedSeason();
    afterObjections();
    expect((await finalise(season.id)).statusCode).toBe(200);
    const [first] = await certificateRows(season);
    const name = kit.world.pupilsOfA[0].name;
    const found = await verify(first?.certificateNo ?? '', name);
    expect(found.json().data).toMatchObject({
      verdict: 'valid',
      record: { holderName: '王*明', institutionName: '市青少年科技中心', state: 'posted' },
      // What the certificate certifies, as printed on it; never the holder's card number.
      award: {
        itemName: '机器人足球',
        teamName: '甲队',
        institutionName: '甲学校',
        awardLabel: '一等奖',
        rank: 1,
        organizerName: '市青少年科技中心',
        approvalNo: expect.stringMatching(/^体联赛〔2026〕\d+号$/),
      },
    });
    expect(found.body).not.toContain(kit.world.pupilsOfA[0].cardNo);
    expect((await verify(first?.certificateNo ?? '', '王小红')).json().data.verdict).toBe('notFound');
    expect((await verify(`${first?.certificateNo}9`, name)).json().data.verdict).toBe('notFound');
  });

  it('prints a signed certificate with the approval number, the required words and a QR of its check page', async () => {
    const season = await publishedSeason();
    afterObjections();
    expect((await finalise(season.id)).statusCode).toBe(200);
    const mine = await as(season.members.a1, 'GET', '/api/creditBank/certificates');
    expect(mine.statusCode).toBe(200);
    const certificate = (mine.json().data as Certificate[]).find((row) => row.eventId === season.id);
    expect(certificate).toMatchObject({ awardLabel: '一等奖', rank: 1, teamName: '甲队', institutionName: '甲学校' });

    const pdf = await as(season.members.a1, 'GET', `/api/creditBank/certificates/${certificate?.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    const event = await kit.server.db.kysely
      .selectFrom('matchEvent')
      .select(['name', 'approvalNo'])
      .where('id', '=', season.id)
      .executeTakeFirstOrThrow();
    await withPdf(pdf.rawPayload, async (file, folder) => {
      const text = (await pdfText(file)).replace(/\s+/g, '');
      expect(text).toContain('获奖证书');
      expect(text).toContain(certificate?.certificateNo);
      expect(text).toContain(`批准文号：${event.approvalNo}`);
      expect(text).toContain(CERTIFICATE_NOTICE);
      expect(text).toContain('王小明');
      expect(text).toContain(event.name);
      expect(await pdfSignatureReport(file)).toContain('Signature is Valid');
      const [qr] = await qrCodesOnPage(file, folder);
      expect(qr).toMatch(/^http:\/\/localhost(:\d+)?\/verify\?certificateNo=JQR-2026-\d{4}-0001$/);
    });
  });

  it('keeps certificates to their holder and the holder’s school; the organiser lists them masked', async () => {
    const season = await publishedSeason();
    afterObjections();
    expect((await finalise(season.id)).statusCode).toBe(200);
    const [ofA] = await certificateRows(season);
    const id = Number(ofA?.id);
    const listOf = async (cardNo: string) =>
      (await as(cardNo, 'GET', `${CERTIFICATES}?eventId=${season.id}`)).json().data.list as Certificate[];
    // The holder's school lists and prints it with the full name.
    expect((await listOf(accounts().schoolA)).find((row) => row.id === id)).toMatchObject({
      holderName: '王小明',
      printable: true,
    });
    expect((await as(accounts().schoolA, 'GET', `${CERTIFICATES}/${id}/pdf`)).statusCode).toBe(200);
    // The organiser lists every certificate of its event, names and card numbers masked, and prints none.
    const organised = await listOf(accounts().organiser);
    expect(organised).toHaveLength(4);
    expect(organised.find((row) => row.id === id)).toMatchObject({
      holderName: '王*明',
      cardNo: expect.stringMatching(/^\d{2}\*{4}\d{2}$/),
    });
    expect((await as(accounts().organiser, 'GET', `${CERTIFICATES}/${id}/pdf`)).statusCode).toBe(404);
    // School B sees only its own pupils' and cannot print A's, whatever id it sends.
    const ofB = await as(accounts().schoolB, 'GET', `${CERTIFICATES}?eventId=${season.id}`);
    expect(
      ofB
        .json()
        .data.list.map((row: Certificate) => row.cardNo)
        .sort(),
    ).toEqual([season.members.b1, season.members.b2].sort());
    const refused = await as(accounts().schoolB, 'GET', `${CERTIFICATES}/${id}/pdf`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('证书不存在');
    // Another pupil neither lists nor prints it, nor asks for it under A's card number.
    expect((await as(season.members.b1, 'GET', `/api/creditBank/certificates/${id}/pdf`)).statusCode).toBe(404);
    expect(
      (await as(season.members.b1, 'GET', `/api/creditBank/certificates?cardNo=${season.members.a1}`)).statusCode,
    ).toBe(403);
    // The calls are an operator's and an institution's: a pupil is refused.
    expect((await as(season.members.a1, 'GET', FINAL)).statusCode).toBe(403);
    expect((await as(season.members.a1, 'GET', CERTIFICATES)).statusCode).toBe(403);
  });

  it('refuses an institution’s account, an operator of the organiser, and unknown events', async () => {
    const season = await publishedSeason({ organizerId: kit.world.schoolA.id });
    afterObjections();
    expect((await finalise(season.id, accounts().schoolA)).statusCode).toBe(403);
    const own = await finalise(season.id, accounts().operatorOfA);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('不能确认本机构承办赛事的成绩，请由其他审核员确认');
    expect((await finalise(2_000_000_000)).statusCode).toBe(404);
    expect((await finalise(Number.MAX_SAFE_INTEGER)).statusCode).toBe(400);
    expect(await certificateRows(season)).toEqual([]);
  });

  it('gives two operators at once one finalisation: one 200, one 409, no doubled certificate or credit', async () => {
    const season = await publishedSeason();
    afterObjections();
    const answers = await Promise.all([finalise(season.id), finalise(season.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await certificateRows(season)).toHaveLength(4);
    expect(await recordsOf(season, season.members.b1)).toHaveLength(1);
  });
});
