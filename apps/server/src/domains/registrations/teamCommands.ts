import type { TeamBody, TeamDetail, TeamState, teamUpdateBody } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db, WriteLocks } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { recordCardAudit } from '../audit/auditRepository';
import { assertWindowOpen, missingOf, REGISTRATION_REFUSALS as REFUSALS } from './policy';
import { deleteTeamFiles, fileCountsOf } from './teamFileRepository';
import { removeStoredFiles } from './teamFileStore';
import {
  cardsTakenInItem,
  deleteMembers,
  institutionPupils,
  memberCardsOf,
  memberCountOf,
  replaceMembers,
} from './teamMemberRepository';
import {
  deleteTeam,
  findEventWindow,
  findItem,
  insertDraftTeam,
  lockTeam,
  type TeamRow,
  teamNamed,
  updateTeam,
} from './teamRepository';
import { ownTeamDetail } from './teamView';

/** The institution account a registration call acts for. */
export interface Registrant {
  cardNo: string;
  institutionId: number;
}

/**
 * Locks the institution's team and checks that it may still change: another institution's team is not found
 * (never a hint that it exists), and the event's window is read again inside the transaction and judged on
 * the server's clock. The attachment calls take the same step before they change a team.
 */
export const lockEditableTeam = async (
  trx: Kysely<Database>,
  locks: WriteLocks,
  institutionId: number,
  teamId: number,
  now: Date,
) => {
  const team = await lockTeam(trx, locks, teamId);
  if (!team || Number(team.institutionId) !== institutionId) throw notFound(REFUSALS.teamNotFound);
  const event = await findEventWindow(trx, Number(team.eventId));
  if (!event) throw notFound(REFUSALS.eventNotFound);
  assertWindowOpen(event, now);
  return { team, event };
};

/** What the item asks of the team against what the team has now, read in the transaction that changed it. */
const missingNow = async (trx: Kysely<Database>, team: TeamRow) => {
  const item = await findItem(trx, Number(team.itemId));
  if (!item) throw notFound(REFUSALS.itemNotFound);
  const memberCount = await memberCountOf(trx, Number(team.id));
  return missingOf(item, memberCount, await fileCountsOf(trx, Number(team.id)));
};

/**
 * After any change to a team (its fields, members or attachments), in the same transaction: a team that was
 * handed in (submitted or approved) waits for review again if it is still complete, and is back to a draft
 * otherwise, so the organiser never passes what it has not seen. Returns the team's state now.
 */
export const afterTeamChange = async (trx: Kysely<Database>, team: TeamRow, now: Date): Promise<TeamState> => {
  const at = now.toISOString();
  const before = team.state as TeamState;
  if (before !== 'submitted' && before !== 'approved') {
    await updateTeam(trx, Number(team.id), { updateTime: at });
    return before;
  }
  const state: TeamState = (await missingNow(trx, team)).length === 0 ? 'submitted' : 'draft';
  await updateTeam(trx, Number(team.id), {
    state,
    submittedTime: state === 'submitted' ? at : null,
    reviewedTime: null,
    reviewedBy: null,
    updateTime: at,
  });
  return state;
};

/** Which unique index a failed insert ran into, on either database. */
const violatedIndex = (error: unknown): 'member' | 'name' | null => {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (failure.code === '23505') {
    if (failure.constraint === 'match_team_member_item') return 'member';
    if (failure.constraint === 'match_team_name') return 'name';
    return null;
  }
  if (failure.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof failure.message === 'string') {
    if (failure.message.includes('match_team_member.item_id')) return 'member';
    if (failure.message.includes('match_team.name')) return 'name';
  }
  return null;
};

/** The refusal for the first of these cards that another team of the item holds, or null when none does. */
const takenRefusal = async (
  db: Kysely<Database>,
  institutionId: number,
  itemId: number,
  cardNos: string[],
  teamId: number,
) => {
  const taken = await cardsTakenInItem(db, itemId, cardNos, teamId);
  const first = cardNos.map((cardNo) => taken.find((row) => row.cardNo === cardNo)).find((row) => row !== undefined);
  if (!first) return null;
  const names = await institutionPupils(db, institutionId, [first.cardNo]);
  // Another institution's team is named by nobody: whose it is stays theirs.
  const teamName = Number(first.institutionId) === institutionId ? first.teamName : null;
  return new ApiError(409, REFUSALS.memberTaken(names.get(first.cardNo) ?? '', first.cardNo, teamName));
};

/**
 * Runs a write that adds members or names a team. The checks inside it read what was committed when they
 * ran; two schools taking the same pupil at the same moment both pass them, and the unique index on
 * (item, card) lets only one commit. The other gets the same clear refusal as if it had come second.
 */
const refusingRaces = async <T>(
  db: Db,
  registrant: Registrant,
  team: { itemId?: number; name: string; members: string[]; id: number },
  work: () => Promise<T>,
): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const index = violatedIndex(error);
    if (index === 'name') throw new ApiError(409, REFUSALS.nameTaken(team.name));
    if (index === 'member') {
      // An edited team's item is its own, read now that the write has failed.
      const itemId =
        team.itemId ??
        Number(
          (await db.kysely.selectFrom('matchTeam').select('itemId').where('id', '=', team.id).executeTakeFirst())
            ?.itemId ?? 0,
        );
      const refusal = await takenRefusal(db.kysely, registrant.institutionId, itemId, team.members, team.id);
      throw refusal ?? new ApiError(409, REFUSALS.memberRace);
    }
    throw error;
  }
};

/** Members are the institution's own pupils, within the item's maximum, each in no other team of the item. */
const checkMembers = async (
  trx: Kysely<Database>,
  registrant: Registrant,
  item: { id: number; maxMembers: number },
  cardNos: string[],
  teamId: number,
) => {
  if (cardNos.length > Number(item.maxMembers)) throw badRequest(REFUSALS.tooMany(Number(item.maxMembers)));
  const pupils = await institutionPupils(trx, registrant.institutionId, cardNos);
  const strangers = cardNos.filter((cardNo) => !pupils.has(cardNo));
  if (strangers.length > 0) throw badRequest(REFUSALS.notMember(strangers));
  const refusal = await takenRefusal(trx, registrant.institutionId, Number(item.id), cardNos, teamId);
  if (refusal) throw refusal;
};

const checkName = async (trx: Kysely<Database>, registrant: Registrant, itemId: number, name: string, id: number) => {
  const other = await teamNamed(trx, itemId, registrant.institutionId, name);
  if (other && Number(other.id) !== id) throw new ApiError(409, REFUSALS.nameTaken(name));
};

const audit = (
  trx: Kysely<Database>,
  registrant: Registrant,
  action: 'insert' | 'update' | 'delete' | 'submit',
  team: { id: number; eventId: number; itemId: number },
  detail: Record<string, unknown>,
  now: Date,
) =>
  recordCardAudit(trx, {
    cardNo: registrant.cardNo,
    action,
    targetType: 'matchTeam',
    targetId: team.id,
    detail: {
      institutionId: registrant.institutionId,
      eventId: team.eventId,
      itemId: team.itemId,
      ...detail,
      result: 'ok',
    },
    at: now,
  });

/** A new team (a draft) for one item of an event whose window is open; it may be below the item's minimum. */
export const createTeam = async (db: Db, registrant: Registrant, body: TeamBody, now: Date): Promise<TeamDetail> => {
  const id = await refusingRaces(db, registrant, { ...body, id: 0 }, () =>
    db.writeTransaction(async (trx) => {
      const item = await findItem(trx, body.itemId);
      if (!item) throw notFound(REFUSALS.itemNotFound);
      const event = await findEventWindow(trx, Number(item.eventId));
      if (!event) throw notFound(REFUSALS.eventNotFound);
      assertWindowOpen(event, now);
      await checkMembers(trx, registrant, item, body.members, 0);
      await checkName(trx, registrant, body.itemId, body.name, 0);
      const at = now.toISOString();
      const teamId = await insertDraftTeam(trx, {
        eventId: Number(item.eventId),
        itemId: body.itemId,
        institutionId: registrant.institutionId,
        name: body.name,
        coach: body.coach,
        createdBy: registrant.cardNo,
        at,
      });
      await replaceMembers(trx, teamId, body.itemId, body.members);
      const team = { id: teamId, eventId: Number(item.eventId), itemId: body.itemId };
      await audit(trx, registrant, 'insert', team, { name: body.name, coach: body.coach, members: body.members }, now);
      return teamId;
    }),
  );
  return ownTeamDetail(db.kysely, registrant.institutionId, id, now);
};

/** Edits a team while the window is open; a team handed in waits for review again (or is a draft once more). */
export const changeTeam = async (
  db: Db,
  registrant: Registrant,
  id: number,
  body: z.output<typeof teamUpdateBody>,
  now: Date,
): Promise<TeamDetail> => {
  await refusingRaces(db, registrant, { ...body, id }, () =>
    db.writeTransaction(async (trx, locks) => {
      const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, id, now);
      const item = await findItem(trx, Number(team.itemId));
      if (!item) throw notFound(REFUSALS.itemNotFound);
      await checkMembers(trx, registrant, item, body.members, id);
      await checkName(trx, registrant, Number(team.itemId), body.name, id);
      const membersBefore = await memberCardsOf(trx, id);
      await updateTeam(trx, id, { name: body.name, coach: body.coach });
      await replaceMembers(trx, id, Number(team.itemId), body.members);
      const state = await afterTeamChange(trx, team, now);
      await audit(
        trx,
        registrant,
        'update',
        { id, eventId: Number(team.eventId), itemId: Number(team.itemId) },
        {
          from: { name: team.name, coach: team.coach, members: membersBefore, state: team.state },
          to: { name: body.name, coach: body.coach, members: body.members, state },
        },
        now,
      );
    }),
  );
  return ownTeamDetail(db.kysely, registrant.institutionId, id, now);
};

/** Hands a complete draft (or a returned team, fixed) in for review while the window is open. */
export const submitTeam = async (db: Db, registrant: Registrant, id: number, now: Date): Promise<TeamDetail> => {
  await db.writeTransaction(async (trx, locks) => {
    const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, id, now);
    if (team.state === 'submitted') throw new ApiError(409, REFUSALS.alreadySubmitted);
    if (team.state === 'approved') throw new ApiError(409, REFUSALS.alreadyApproved);
    const missing = await missingNow(trx, team);
    if (missing.length > 0) throw new ApiError(409, REFUSALS.incomplete(missing));
    const at = now.toISOString();
    await updateTeam(trx, id, {
      state: 'submitted',
      submittedTime: at,
      returnReason: '',
      reviewedTime: null,
      reviewedBy: null,
      updateTime: at,
    });
    const target = { id, eventId: Number(team.eventId), itemId: Number(team.itemId) };
    await audit(trx, registrant, 'submit', target, { name: team.name, from: team.state }, now);
  });
  return ownTeamDetail(db.kysely, registrant.institutionId, id, now);
};

/**
 * Withdraws a team while the window is open: the team, its members and its attachments go (their files in
 * `dataDir` once the rows are gone).
 */
export const withdrawTeam = async (db: Db, dataDir: string, registrant: Registrant, id: number, now: Date) => {
  const storedNames = await db.writeTransaction(async (trx, locks) => {
    const { team } = await lockEditableTeam(trx, locks, registrant.institutionId, id, now);
    const members = await memberCardsOf(trx, id);
    const stored = await deleteTeamFiles(trx, id);
    await deleteMembers(trx, id);
    await deleteTeam(trx, id);
    const target = { id, eventId: Number(team.eventId), itemId: Number(team.itemId) };
    await audit(
      trx,
      registrant,
      'delete',
      target,
      { name: team.name, state: team.state, members, files: stored.length },
      now,
    );
    return stored;
  });
  // The rows are gone for good once committed; only then may their files go.
  await removeStoredFiles(dataDir, storedNames);
  return {};
};
