/**
 * Words in the visible text: each Chinese character counts as one, and so does each run of letters or
 * digits of other scripts (an English word, a number). Punctuation and spaces count for nothing.
 */
export const countWords = (text: string) =>
  text.match(/\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu)?.length ?? 0;
