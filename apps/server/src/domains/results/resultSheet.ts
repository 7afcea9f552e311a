import {
  AWARD_LABELS,
  AWARDS,
  type Award,
  MAX_ID,
  RESULT_IMPORT_COLUMNS,
  type ResultEntry,
  type ResultImportPreview,
} from '@lianmeng/core';
import { badRequest } from '../../http/apiError';
import { SHEET_REFUSED, type Table } from '../institutions/spreadsheet';
import type { AdmittedTeam } from './resultRepository';

type Column = (typeof RESULT_IMPORT_COLUMNS)[number];
type PreviewRow = ResultImportPreview['rows'][number];

/** What a sheet's row is checked against: one admitted team of the event and the rank it has now. */
export type SheetTeam = Pick<AdmittedTeam, 'teamId' | 'itemId' | 'itemName' | 'teamName' | 'rank'>;

/** A checked row: what the preview shows, and the entry it would save when it has no issue. */
export interface CheckedResultRow extends PreviewRow {
  entry: ResultEntry | null;
}

/** 队伍编号 identifies the team; 名次 and 奖项 are what is saved; 项目 and 队名 are checked when filled. */
const REQUIRED: readonly Column[] = ['队伍编号', '名次', '奖项'];
const MAX_RANK = 10_000;

const AWARD_BY_LABEL = new Map<string, Award>(AWARDS.map((award) => [AWARD_LABELS[award], award]));
const AWARD_HINT = `应为${AWARDS.map((award) => `「${AWARD_LABELS[award]}」`).join('')}之一（须与这四个写法完全一致），或留空`;

export const RESULT_SHEET_REFUSALS = {
  noTeam: '不能为空（请使用模板中的队伍编号）',
  badTeamId: '应为模板中的队伍编号（正整数）',
  notAdmitted: (teamId: string) => `编号 ${teamId} 不是本赛事已通过审核的队伍`,
  mismatch: (column: '项目' | '队名', written: string, actual: string, teamId: number) =>
    `填写的「${written}」与编号 ${teamId} 的队伍${column}「${actual}」不符`,
  badRank: `应为 1 到 ${MAX_RANK} 的整数，或留空`,
  badAward: AWARD_HINT,
  sameTeam: (earlier: number) => `与第 ${earlier} 行是同一支队伍，每支队伍只能填写一行`,
  sameRankInFile: (itemName: string, rank: number, earlier: number) =>
    `「${itemName}」第 ${rank} 名已由第 ${earlier} 行填写，同一项目名次不能重复`,
  sameRankStanding: (itemName: string, rank: number, teamName: string) =>
    `「${itemName}」第 ${rank} 名已是队伍「${teamName}」（不在表中）的名次，同一项目名次不能重复`,
} as const;

const columnsOf = (header: string[]) => {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = cell.replace(/\s/g, '');
    if (!positions.has(name)) positions.set(name, index);
  });
  const missing = REQUIRED.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    throw badRequest(`表头应为：${RESULT_IMPORT_COLUMNS.join('、')}（缺少「${missing.join('」「')}」）`);
  }
  return (column: Column) => positions.get(column) ?? -1;
};

/** A whole number written plainly (an .xlsx number cell reads as `3`, a text cell as it was typed). */
const wholeNumber = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : null);

/**
 * Checks every row of a results sheet on its own, against the rows above it and against the event's admitted
 * teams and their standing results: the team is admitted and named as written, the rank and award are valid,
 * no team appears twice and no rank repeats within an item, counting the standing results of teams the sheet
 * leaves out (a sheet changes only the teams it lists). A row whose rank and award are both empty clears the
 * team's result. A sheet with no row under its header is refused, so its preview cannot pass it as checked.
 */
export const checkResultSheet = (table: Table, teams: readonly SheetTeam[]): CheckedResultRow[] => {
  const position = columnsOf(table.header);
  if (table.rows.length === 0) throw SHEET_REFUSED.noRows();
  const byId = new Map(teams.map((team) => [team.teamId, team]));
  const parsed = table.rows.map(({ row, cells }) => {
    const cell = (column: Column) => {
      const index = position(column);
      return index < 0 ? '' : (cells[index] ?? '').trim();
    };
    return {
      row,
      teamIdText: cell('队伍编号'),
      itemName: cell('项目'),
      teamName: cell('队名'),
      rankText: cell('名次'),
      awardText: cell('奖项'),
    };
  });
  const listed = new Set(parsed.map((input) => wholeNumber(input.teamIdText)));
  // The ranks the sheet does not touch: those of admitted teams it leaves out.
  const standing = new Map<string, SheetTeam>();
  for (const team of teams) {
    if (team.rank !== null && !listed.has(team.teamId)) standing.set(`${team.itemId}|${team.rank}`, team);
  }

  const seenTeams = new Map<number, number>();
  const seenRanks = new Map<string, number>();
  return parsed.map((input): CheckedResultRow => {
    const issues: PreviewRow['issues'] = [];
    const refuse = (column: Column, reason: string) =>
      issues.push({ column, message: `第 ${input.row} 行「${column}」：${reason}` });

    const id = wholeNumber(input.teamIdText);
    const team = id === null ? undefined : byId.get(id);
    if (input.teamIdText === '') refuse('队伍编号', RESULT_SHEET_REFUSALS.noTeam);
    else if (id === null || id < 1 || id > MAX_ID) refuse('队伍编号', RESULT_SHEET_REFUSALS.badTeamId);
    else if (!team) refuse('队伍编号', RESULT_SHEET_REFUSALS.notAdmitted(input.teamIdText));
    else {
      if (input.itemName !== '' && input.itemName !== team.itemName) {
        refuse('项目', RESULT_SHEET_REFUSALS.mismatch('项目', input.itemName, team.itemName, team.teamId));
      }
      if (input.teamName !== '' && input.teamName !== team.teamName) {
        refuse('队名', RESULT_SHEET_REFUSALS.mismatch('队名', input.teamName, team.teamName, team.teamId));
      }
    }

    const rank = wholeNumber(input.rankText);
    if (input.rankText !== '' && (rank === null || rank < 1 || rank > MAX_RANK)) {
      refuse('名次', RESULT_SHEET_REFUSALS.badRank);
    }
    const award = input.awardText === '' ? null : (AWARD_BY_LABEL.get(input.awardText) ?? null);
    if (input.awardText !== '' && award === null) refuse('奖项', RESULT_SHEET_REFUSALS.badAward);

    if (team) {
      const earlier = seenTeams.get(team.teamId);
      if (earlier !== undefined) refuse('队伍编号', RESULT_SHEET_REFUSALS.sameTeam(earlier));
      else seenTeams.set(team.teamId, input.row);
      if (earlier === undefined && rank !== null && issues.every((issue) => issue.column !== '名次')) {
        const key = `${team.itemId}|${rank}`;
        const earlierRank = seenRanks.get(key);
        const holder = standing.get(key);
        if (earlierRank !== undefined) {
          refuse('名次', RESULT_SHEET_REFUSALS.sameRankInFile(team.itemName, rank, earlierRank));
        } else if (holder) {
          refuse('名次', RESULT_SHEET_REFUSALS.sameRankStanding(team.itemName, rank, holder.teamName));
        } else seenRanks.set(key, input.row);
      }
    }

    const accepted = issues.length === 0 && team !== undefined;
    const validRank = input.rankText === '' ? null : rank;
    return {
      row: input.row,
      teamId: team?.teamId ?? null,
      teamName: team?.teamName ?? input.teamName,
      itemName: team?.itemName ?? input.itemName,
      rank: validRank !== null && validRank >= 1 && validRank <= MAX_RANK ? validRank : null,
      award,
      outcome: accepted ? 'accepted' : 'refused',
      issues,
      entry: accepted && team ? { teamId: team.teamId, rank: validRank, award } : null,
    };
  });
};

/** The preview's rows: the checked rows without the entries they would save. */
export const previewRows = (rows: CheckedResultRow[]): PreviewRow[] => rows.map(({ entry: _entry, ...row }) => row);
