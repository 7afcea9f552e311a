import type { api, TeamFile } from '@lianmeng/core';
import { quietHttp } from '../../app/api';
import { errorBus } from '../../app/errorBus';
import { fileSaver } from '../../shared/download';

/** The three calls that hand over a team's attachment: the team's institution, the organiser, an operator. */
export type TeamFileCall =
  | typeof api.matchRegistration.file
  | typeof api.matchOrganiser.file
  | typeof api.matchReview.file;

/**
 * Saves one of a team's attachments under its own name. The bytes come through the client (the card holder's
 * token travels in a header, which a plain link cannot carry). Resolves with the refusal's message, or null
 * once saved; an ended session still goes to the site's error modal, which sends the holder to log in again.
 */
export const downloadTeamFile = async (call: TeamFileCall, teamId: number, file: TeamFile): Promise<string | null> => {
  const result = await quietHttp.download(call, { params: { id: String(teamId), fileId: String(file.id) } });
  if (result.ok) {
    fileSaver.save(result.data, file.fileName);
    return null;
  }
  if (result.status === 401) {
    errorBus.emit({ status: 401, message: result.message, path: call.path, access: call.access });
  }
  return result.message;
};
