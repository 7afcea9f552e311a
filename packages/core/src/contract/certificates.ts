import { z } from 'zod';
import { defineCall } from './call';
import { EVENT_TYPES } from './events';
import { idSegment, idText, pageQuery } from './fields';
import { AWARDS } from './results';
import { cardNoField } from './uc';

/**
 * Results made final (成绩生效) and the certificates (获奖证书) they issue. When an event's objection period is
 * over and every objection has been answered, an operator of the alliance makes its results final in one
 * step: each member of a team with an award gets a certificate with a number of its own (checkable on
 * `/verify` with the member's name, printable as a signed PDF with the approval number, 不作为中小学招生入学依据
 * and a QR), and the event's catalogue item posts as credit to each member's ledger, recorded by the
 * organiser. The operator is the reviewer: the results were public through the objection period, and an
 * operator never finalises an event of its own institution, so no organiser posts credits on its own say.
 */

/** Printed on every certificate, by the ministry's rules for competitions aimed at pupils. */
export const CERTIFICATE_NOTICE = '不作为中小学招生入学依据';

/** A certificate number: JQR-<season>-<event id, 4 digits or more>-<sequence within the event, 4 digits or more>. */
export const certificateNoOf = (season: string, eventId: number, sequence: number) =>
  `JQR-${season}-${String(eventId).padStart(4, '0')}-${String(sequence).padStart(4, '0')}`;

/** The check page's address for a certificate: its number filled in, the name left to whoever checks. */
export const certificateVerifyPath = (certificateNo: string) =>
  `/verify?certificateNo=${encodeURIComponent(certificateNo)}`;

export const FINAL_STATES = ['notPublished', 'objectionPeriod', 'awaitingAnswers', 'ready', 'final'] as const;
export type FinalState = (typeof FINAL_STATES)[number];
export const FINAL_STATE_LABELS: Record<FinalState, string> = {
  notPublished: '成绩未公示',
  objectionPeriod: '异议期中',
  awaitingAnswers: '异议待答复',
  ready: '可确认生效',
  final: '已生效',
};

/** An event whose results were published, as the operator sees it before and after making them final. */
export const finalEventSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  season: z.string(),
  level: z.string(),
  organizerName: z.string(),
  catalogueItemName: z.string(),
  publishedTime: z.string(),
  objectionDeadline: z.string(),
  /** Objections not yet answered: the results cannot become final while any remain. */
  openObjections: z.number().int(),
  /** Members of teams with an award: how many certificates and credits making it final would issue. */
  awardedMembers: z.number().int(),
  /** The credits each member would get (the catalogue item's default). */
  creditsEach: z.number(),
  state: z.enum(FINAL_STATES),
  stateLabel: z.string(),
  finalTime: z.string().nullable(),
  certificateCount: z.number().int(),
});
export type FinalEvent = z.infer<typeof finalEventSchema>;

/** A certificate as its holder, the holder's school and the organiser see it. */
export const certificateSchema = z.object({
  id: z.number().int(),
  certificateNo: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  season: z.string(),
  level: z.string(),
  type: z.enum(EVENT_TYPES),
  itemName: z.string(),
  teamName: z.string(),
  award: z.enum(AWARDS),
  awardLabel: z.string(),
  rank: z.number().int().nullable(),
  holderName: z.string(),
  cardNo: z.string(),
  institutionName: z.string(),
  organizerName: z.string(),
  approvalNo: z.string(),
  /** Beijing date, YYYY-MM-DD. */
  issueDate: z.string(),
  credits: z.number(),
  /** The ledger record the award posted. */
  recordId: z.number().int(),
  /** Whether the caller may print it: its holder and the holder's school may, an organiser of another school's pupil not. */
  printable: z.boolean(),
});
export type Certificate = z.infer<typeof certificateSchema>;

const certificatePage = z.object({ list: z.array(certificateSchema), total: z.number().int() });
/** A PDF's bytes: the answer is the file itself, not an envelope. */
const pdfBytes = z.unknown();
const certificateParams = z.object({ id: idSegment });

const operatorBase = { host: 'main', access: 'cardHolder', cardRole: 'operator', xsrf: false } as const;
const institutionBase = { host: 'main', access: 'cardHolder', cardRole: 'institution', xsrf: false } as const;
const holderBase = { host: 'main', access: 'cardHolder', xsrf: false } as const;

/** Making results final, by the alliance's operators (审核工作台 › 成绩生效). */
export const matchFinal = {
  events: defineCall({
    ...operatorBase,
    method: 'GET',
    path: '/api/creditBank/review/match/final',
    bodyKind: 'none',
    query: pageQuery,
    response: z.object({ list: z.array(finalEventSchema), total: z.number().int() }),
    summary: '已公示成绩的赛事：异议期、未答复异议、将发证书与学分数、是否已生效',
  }),
  finalise: defineCall({
    ...operatorBase,
    method: 'POST',
    path: '/api/creditBank/review/match/events/:eventId/finalise',
    bodyKind: 'none',
    params: z.object({ eventId: idSegment }),
    response: finalEventSchema,
    summary: '成绩确认生效（异议期满且异议均已答复；发放证书编号并为获奖队员记入学分，只能一次）',
  }),
} as const;

/** Certificates: the holder's own, and those of an institution's teams or of the events it organises. */
export const matchCertificates = {
  mine: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/certificates',
    bodyKind: 'none',
    query: z.object({ cardNo: cardNoField.optional() }),
    response: z.array(certificateSchema),
    summary: '我的获奖证书',
  }),
  minePdf: defineCall({
    ...holderBase,
    method: 'GET',
    path: '/api/creditBank/certificates/:id/pdf',
    bodyKind: 'none',
    params: certificateParams,
    query: z.object({ cardNo: cardNoField.optional() }),
    responseKind: 'bytes',
    response: pdfBytes,
    summary: '下载获奖证书（签名 PDF）',
  }),
  institution: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/certificates',
    bodyKind: 'none',
    query: pageQuery.extend({ eventId: idText.optional() }),
    response: certificatePage,
    summary: '本机构队伍队员的获奖证书，以及本机构承办赛事颁发的证书（其他学校队员的姓名与卡号遮蔽）',
  }),
  institutionPdf: defineCall({
    ...institutionBase,
    method: 'GET',
    path: '/api/creditBank/institution/match/certificates/:id/pdf',
    bodyKind: 'none',
    params: certificateParams,
    responseKind: 'bytes',
    response: pdfBytes,
    summary: '下载本机构队伍队员的获奖证书（签名 PDF）',
  }),
} as const;
