import type { TeamDetail } from '@lianmeng/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/apiError';
import { maskedCardNo } from '../../security/loginRules';
import { maskName } from '../proofs/policy';
import { REGISTRATION_REFUSALS } from './policy';
import { listTeamFiles } from './teamFileRepository';
import { membersOfTeam } from './teamMemberRepository';
import { findTeamView, type TeamView, toTeamSummary } from './teamRepository';

/**
 * Who is looking: the team's own institution sees its pupils as they are; a reviewer (the organiser, another
 * institution, or an operator) sees names and card numbers masked.
 */
export type TeamAudience = 'institution' | 'reviewer';

/** A team in full: its summary, members, attachments, and what a submit would still refuse for. */
export const teamDetailOfView = async (
  db: Kysely<Database>,
  row: TeamView,
  audience: TeamAudience,
  now: Date,
): Promise<TeamDetail> => {
  const id = Number(row.id);
  const [members, files] = await Promise.all([membersOfTeam(db, id), listTeamFiles(db, id)]);
  return {
    ...toTeamSummary(row, now),
    members: members.map((member) =>
      audience === 'institution'
        ? { cardNo: member.cardNo, name: member.name, grade: member.grade }
        : { cardNo: maskedCardNo(member.cardNo), name: maskName(member.name), grade: member.grade },
    ),
    files,
  };
};

/** The team's detail as its own institution sees it (another institution's team is not found). */
export const ownTeamDetail = async (db: Kysely<Database>, institutionId: number, id: number, now: Date) => {
  const row = await findTeamView(db, id);
  if (!row || Number(row.institutionId) !== institutionId) throw notFound(REGISTRATION_REFUSALS.teamNotFound);
  return teamDetailOfView(db, row, 'institution', now);
};
