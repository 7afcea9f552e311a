import { randomInt } from 'node:crypto';
import { PROOF_CODE_ALPHABET, PROOF_CODE_LENGTH, PROOF_MAX_RECORDS, type ProofState } from '@lianmeng/core';
import { addDays, beijingDate } from '../credits/policy';

/** 16 symbols of 32, each drawn alone from the system's CSPRNG: 80 bits. */
export const newProofCode = () =>
  Array.from({ length: PROOF_CODE_LENGTH }, () => PROOF_CODE_ALPHABET[randomInt(PROOF_CODE_ALPHABET.length)]).join('');

/** A proof issued today for `days` days is valid through the last of them (today counts as the first). */
export const validUntilOf = (now: Date, days: number) => addDays(beijingDate(now), days - 1);

export const proofState = (row: { validUntil: string; revokeTime: string | null }, now: Date): ProofState =>
  row.revokeTime !== null ? 'revoked' : beijingDate(now) > row.validUntil ? 'expired' : 'valid';

/**
 * A name as a public page shows it: the first and last character kept, the rest starred (张*明, 欧阳**锋);
 * a two-character name keeps its first (李*).
 */
export const maskName = (name: string) => {
  const characters = [...name.trim()];
  if (characters.length === 0) return '';
  if (characters.length <= 2) return `${characters[0]}*`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters[characters.length - 1]}`;
};

export const PROOF_REFUSALS = {
  noRecords: '请至少选择一条已入账的记录',
  tooManyRecords: `一份证明最多 ${PROOF_MAX_RECORDS} 条记录，请选择记录分开开具`,
  choose: '请选择记录，或选择全部已入账记录',
  notOwn: '只能为本人的记录开具证明',
  notPosted: '只能为已入账的记录开具证明（已冲正或未入账的记录不能开具）',
  notFound: '未找到该证明',
  revoked: '该证明已撤销',
  tooMany: '查验过于频繁，请稍后再试',
} as const;
