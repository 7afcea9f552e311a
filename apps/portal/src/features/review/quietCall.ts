import type { CallDefinition, CallResponse } from '@lianmeng/core';
import type { CallInput, DownloadInput } from '@lianmeng/core/http';
import { quietHttp } from '../../app/api';
import { errorBus } from '../../app/errorBus';
import { fileSaver } from '../../shared/download';

/** What a workbench call came to: its data, or the refusal the workbench shows beside the queue. */
export type QuietOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** Someone else decided first (409): the queue is out of date and is asked for again. */
      stale: boolean;
      message: string;
    };

/**
 * Makes a workbench call (a decision, the evidence) without the site's error modal: closing that modal leaves
 * the page, and an operator who lost a race to a colleague should stay on the workbench with the queue
 * refreshed. Only an ended session still goes to the modal, which sends the operator to log in again.
 */
export const quietCall = async <C extends CallDefinition>(
  definition: C,
  input: CallInput<C>,
): Promise<QuietOutcome<CallResponse<C>>> => {
  const result = await quietHttp.call(definition, input);
  if (result.ok) return { ok: true, data: result.data };
  reportEndedSession(definition, result);
  return { ok: false, stale: result.status === 409, message: result.message };
};

/** An ended session still goes to the site's error modal, which sends the holder to log in again. */
const reportEndedSession = (definition: CallDefinition, result: { status: number; message: string }) => {
  if (result.status === 401) {
    errorBus.emit({ status: 401, message: result.message, path: definition.path, access: definition.access });
  }
};

/**
 * Saves a `bytes` call's file under `fileName`, without the site's error modal. The bytes come through the
 * client (the token travels in a header, which a plain link cannot carry). Resolves with the refusal's message,
 * or null once saved.
 */
export const quietDownload = async <C extends CallDefinition>(
  definition: C,
  input: DownloadInput<C>,
  fileName: string,
): Promise<string | null> => {
  const result = await quietHttp.download(definition, input);
  if (result.ok) {
    fileSaver.save(result.data, fileName);
    return null;
  }
  reportEndedSession(definition, result);
  return result.message;
};
