import type { CallDefinition, CallResponse } from '@lianmeng/core';
import type { CallInput } from '@lianmeng/core/http';
import { quietHttp } from '../../app/api';
import { errorBus } from '../../app/errorBus';

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
  if (result.status === 401) {
    errorBus.emit({ status: 401, message: result.message, path: definition.path, access: definition.access });
  }
  return { ok: false, stale: result.status === 409, message: result.message };
};
