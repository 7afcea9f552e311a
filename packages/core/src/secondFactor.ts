/**
 * Whether a log-in's answer is the second-factor step (the account signs in with a code too) rather than
 * the session it opens. Outside the contract, so the apps' browser builds, which get plain call descriptors
 * in its place, have it too.
 */
export const isSecondFactorStep = <T extends object>(
  answer: T,
): answer is Extract<T, { secondFactor: { ticket: string; enrolment: unknown } }> => 'secondFactor' in answer;
