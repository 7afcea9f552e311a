import { checkPasswordStrength } from '@lianmeng/core/password';
import { badRequest } from '../http/apiError';

/** Refuses, with the rule's Chinese reason, a password the strength estimate finds guessable. */
export const assertStrongPassword = async (password: string, personal: readonly (string | null | undefined)[]) => {
  const verdict = await checkPasswordStrength(password, personal);
  if (!verdict.ok) throw badRequest(verdict.message);
};
