import { TEAM_FILE_KIND_LABELS, TEAM_FILE_LIMITS, type TeamDetail, type TeamFileKind } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import type { FileAnswer } from '../../http/fileAnswer';
import { recordCardAudit } from '../audit/auditRepository';
import { REGISTRATION_REFUSALS } from './policy';
import { type ReviewScope, reviewTeam } from './reviewCommands';
import { afterTeamChange, lockEditableTeam, type Registrant } from './teamCommands';
import { deleteTeamFile, fileCountsOf, findTeamFile } from './teamFileRepository';
import { removeStoredFiles, type StoredUpload, storedPathOf, teamFileDirOf } from './teamFileStore';
import { findItem, findTeamView } from './teamRepository';
import { ownTeamDetail } from './teamView';

export const TEAM_FILE_COMMAND_REFUSALS = {
  notAsked: (kind: TeamFileKind) => `该项目不需要上传${TEAM_FILE_KIND_LABELS[kind]}`,
  /** A second report or video is refused rather than replacing the first: nothing is lost without a clear step. */
  onlyOne: (kind: TeamFileKind) =>
    `已上传${TEAM_FILE_KIND_LABELS[kind]}，每队只能有 1 份；如需更换，请先删除已上传的${TEAM_FILE_KIND_LABELS[kind]}`,
  tooMany: (kind: TeamFileKind, max: number) => `${TEAM_FILE_KIND_LABELS[kind]}最多 ${max} 张，请先删除不需要的再上传`,
  fileNotFound: '未找到该附件',
};

const NEEDS: Record<TeamFileKind, 'needsReport' | 'needsPhotos' | 'needsVideo'> = {
  report: 'needsReport',
  photo: 'needsPhotos',
  video: 'needsVideo',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The name offered for download: the sent name's last segment, cleaned, ending in the checked kind's extension. */
export const cleanName = (sent: string, kind: TeamFileKind, extension: string) => {
  const base =
    ((sent.split(/[\\/]/).pop() ?? '').replace(CONTROL, '').trim() || TEAM_FILE_KIND_LABELS[kind]).replace(
      /\.[^.]*$/,
      '',
    ) || TEAM_FILE_KIND_LABELS[kind];
  return `${[...base].slice(0, TEAM_FILE_LIMITS.maxNameLength - extension.length - 1).join('')}.${extension}`;
};

/**
 * Whether the team may take one more attachment of `kind`: the item asks for the kind, and the team has fewer
 * than the kind's maximum. Judged when an upload starts (so a refused upload costs no bytes) and again in
 * the transaction that records it.
 */
export const assertRoomFor = async (db: Kysely<Database>, team: { id: number; itemId: number }, kind: TeamFileKind) => {
  const item = await findItem(db, Number(team.itemId));
  if (!item) throw notFound(REGISTRATION_REFUSALS.itemNotFound);
  if (Number(item[NEEDS[kind]]) !== 1) throw badRequest(TEAM_FILE_COMMAND_REFUSALS.notAsked(kind));
  const max = TEAM_FILE_LIMITS[kind].count.max;
  const counts = await fileCountsOf(db, Number(team.id));
  if (counts[kind] >= max) {
    throw new ApiError(
      409,
      max === 1 ? TEAM_FILE_COMMAND_REFUSALS.onlyOne(kind) : TEAM_FILE_COMMAND_REFUSALS.tooMany(kind, max),
    );
  }
};

/** What the audit keeps of a file: never its bytes. */
export const fileFacts = (stored: StoredUpload) => ({
  contentType: stored.contentType,
  size: stored.size,
  sha256: stored.sha256,
  durationSeconds: stored.durationSeconds,
});

export const auditFile = (
  trx: Kysely<Database>,
  registrant: Registrant,
  action: 'upload' | 'delete',
  team: { id: number; eventId: number; itemId: number },
  detail: Record<string, unknown>,
  at: Date,
) =>
  recordCardAudit(trx, {
    cardNo: registrant.cardNo,
    action,
    targetType: 'matchTeam',
    targetId: Number(team.id),
    detail: {
      institutionId: registrant.institutionId,
      eventId: Number(team.eventId),
      itemId: Number(team.itemId),
      ...detail,
      result: 'ok',
    },
    at,
  });

/** Removes one attachment while the window is open; its file goes once the row's removal has committed. */
export const removeTeamFile = async (
  db: Db,
  dataDir: string,
  registrant: Registrant,
  teamId: number,
  fileId: number,
  now: Date,
): Promise<TeamDetail> => {
  const storedName = await db.writeTransaction(async (trx, locks) => {
    const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, teamId, now);
    const removed = await deleteTeamFile(trx, teamId, fileId);
    if (!removed) throw notFound(TEAM_FILE_COMMAND_REFUSALS.fileNotFound);
    const state = await afterTeamChange(trx, team, now);
    await auditFile(
      trx,
      registrant,
      'delete',
      team,
      { fileId, kind: removed.kind, fileName: removed.fileName, state },
      now,
    );
    return removed.storedName;
  });
  await removeStoredFiles(dataDir, [storedName]);
  return ownTeamDetail(db.kysely, registrant.institutionId, teamId, now);
};

const fileAnswerOf = async (db: Kysely<Database>, dataDir: string, teamId: number, fileId: number) => {
  const file = await findTeamFile(db, teamId, fileId);
  if (!file) throw notFound(TEAM_FILE_COMMAND_REFUSALS.fileNotFound);
  const answer: FileAnswer = {
    path: storedPathOf(teamFileDirOf(dataDir), file.storedName),
    contentType: file.contentType,
    fileName: file.fileName,
  };
  return answer;
};

/** An attachment of the institution's own team, in any state, also after the window has closed. */
export const ownTeamFile = async (
  db: Kysely<Database>,
  dataDir: string,
  institutionId: number,
  teamId: number,
  fileId: number,
) => {
  const view = await findTeamView(db, teamId);
  if (!view || Number(view.institutionId) !== institutionId) throw notFound(REGISTRATION_REFUSALS.teamNotFound);
  return fileAnswerOf(db, dataDir, teamId, fileId);
};

/** An attachment of a team the reviewer may see (the same scope as the team's detail: out of it, not found). */
export const reviewedTeamFile = async (
  db: Kysely<Database>,
  dataDir: string,
  scope: ReviewScope,
  teamId: number,
  fileId: number,
  now: Date,
) => {
  await reviewTeam(db, scope, teamId, now);
  return fileAnswerOf(db, dataDir, teamId, fileId);
};
