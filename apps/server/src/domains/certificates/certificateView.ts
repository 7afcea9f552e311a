import { AWARD_LABELS, type Award, type Certificate, type EventType } from '@lianmeng/core';
import { beijingDate } from '../credits/policy';
import type { CertificateRow } from './certificateRepository';

export const toCertificate = (row: CertificateRow): Certificate => ({
  id: Number(row.id),
  certificateNo: row.certificateNo,
  eventId: Number(row.eventId),
  eventName: row.eventName,
  season: row.season,
  level: row.level,
  type: row.type as EventType,
  itemName: row.itemName,
  teamName: row.teamName,
  award: row.award as Award,
  awardLabel: AWARD_LABELS[row.award as Award] ?? '',
  rank: row.rank === null ? null : Number(row.rank),
  holderName: row.holderName,
  cardNo: row.cardNo,
  institutionName: row.institutionName,
  organizerName: row.organizerName,
  approvalNo: row.approvalNo,
  issueDate: beijingDate(new Date(row.issueTime)),
  credits: Number(row.credits),
  recordId: Number(row.recordId),
  printable: true,
});
