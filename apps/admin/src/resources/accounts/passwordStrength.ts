import { checkPasswordStrength } from '@lianmeng/core/password';

/**
 * The server's password rule as a form validator: with the form validating on change, its Chinese reason
 * shows under the field as the administrator types, and a guessable password is never sent. `personal`
 * names the form's fields that belong to the account (the rule refuses passwords built on them).
 */
export const strongPassword = (personal: string[]) => async (value: unknown, values: Record<string, unknown>) => {
  if (typeof value !== 'string' || value === '') return undefined;
  const inputs = personal.map((field) => values[field]).filter((input): input is string => typeof input === 'string');
  const verdict = await checkPasswordStrength(value, inputs);
  return verdict.ok ? undefined : verdict.message;
};
