import { type FileDownload, RESULT_IMPORT_COLUMNS } from '@lianmeng/core';
import { writeXlsx, XLSX_MIME } from '../institutions/spreadsheet';
import { awardLabel } from './policy';
import type { AdmittedTeam } from './resultRepository';

type TemplateTeam = Pick<AdmittedTeam, 'teamId' | 'itemName' | 'teamName' | 'institutionName' | 'rank' | 'award'>;

/**
 * The results sheet of an event: every admitted team, item by item, with 队伍编号, 项目, 队名 and 学校 filled and
 * 名次, 奖项 empty, or the results entered so far, so the sheet downloaded again after a partial import is
 * the current state to carry on from. Every cell is text, so Excel keeps the team numbers as typed.
 */
export const resultTemplate = async (eventId: number, teams: readonly TemplateTeam[]): Promise<FileDownload> => ({
  fileName: `赛事${eventId}成绩表.xlsx`,
  mimeType: XLSX_MIME,
  base64: (
    await writeXlsx(
      '成绩',
      RESULT_IMPORT_COLUMNS,
      teams.map((team) => [
        String(team.teamId),
        team.itemName,
        team.teamName,
        team.institutionName,
        team.rank === null ? '' : String(team.rank),
        awardLabel(team.award),
      ]),
    )
  ).toString('base64'),
});
