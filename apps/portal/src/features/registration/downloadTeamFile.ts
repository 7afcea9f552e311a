import type { api, TeamFile } from '@lianmeng/core';
import { quietDownload } from '../review/quietCall';

/** The three calls that hand over a team's attachment: the team's institution, the organiser, an operator. */
export type TeamFileCall =
  | typeof api.matchRegistration.file
  | typeof api.matchOrganiser.file
  | typeof api.matchReview.file;

/** Saves one of a team's attachments under its own name; the refusal's message, or null once saved. */
export const downloadTeamFile = (call: TeamFileCall, teamId: number, file: TeamFile): Promise<string | null> =>
  quietDownload(call, { params: { id: String(teamId), fileId: String(file.id) } }, file.fileName);
