import type BetterSqlite3 from 'better-sqlite3';

/**
 * The pieces a keyword search is made of on SQLite. Title and summary are indexed as sequences of
 * single characters, overlapping character pairs and overlapping triples in an FTS5 table: a keyword of
 * n ≥ 3 characters is found exactly where its n−2 triples stand in a row, which is a phrase query, so the
 * index answers "contains this substring" with no second pass over the rows. Each pair or
 * character is written as a hex token, so the tokenizer never splits or folds it, and `%`, `_` and quotes
 * in a keyword are plain characters like any other.
 *
 * Letter case is folded for ASCII only, as SQLite's LIKE does.
 */
export const foldCase = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

const token = (characters: string) => {
  let hex = 'g';
  for (const character of characters) hex += (character.codePointAt(0) ?? 0).toString(16).padStart(6, '0');
  return hex;
};

/** The tokens of every run of `size` characters in a text, in order. */
const runTokens = (text: string, size: number): string[] => {
  const characters = Array.from(foldCase(text));
  const tokens: string[] = [];
  for (let index = 0; index + size <= characters.length; index++) {
    tokens.push(token(characters.slice(index, index + size).join('')));
  }
  return tokens;
};

/** The single-character, pair and triple tokens of a text, each in order. */
export const characterTokens = (text: string) => runTokens(text, 1);
export const pairTokens = (text: string) => runTokens(text, 2);
export const tripleTokens = (text: string) => runTokens(text, 3);

/**
 * The FTS5 query for "title or summary contains `keyword`": one character is looked up among the
 * characters, two among the pairs, more among the triples as a phrase (a triple is far rarer than a pair,
 * so the phrase has fewer and shorter lists to walk). Null for an empty keyword.
 */
export const keywordMatch = (keyword: string): string | null => {
  const length = Array.from(keyword).length;
  if (length === 0) return null;
  if (length === 1) return `{title_chars summary_chars} : "${characterTokens(keyword).join(' ')}"`;
  if (length === 2) return `{title_pairs summary_pairs} : "${pairTokens(keyword).join(' ')}"`;
  return `{title_triples summary_triples} : "${tripleTokens(keyword).join(' ')}"`;
};

/**
 * The search table's rowid orders its entries newest first when read backwards: the publish time in
 * milliseconds, then the article id in the low 21 bits (ids below 2,097,152). The id is read back from it
 * with `rowid & SEARCH_ID_MASK`.
 */
export const SEARCH_ID_BITS = 21;
export const SEARCH_ID_MASK = (1 << SEARCH_ID_BITS) - 1;

export const searchKey = (publishTime: string, id: number): bigint => {
  const milliseconds = Date.parse(publishTime);
  return BigInt(Number.isFinite(milliseconds) ? milliseconds : 0) * BigInt(SEARCH_ID_MASK + 1) + BigInt(id);
};

/** The functions the search table's triggers call; every connection that writes articles registers them. */
export const registerSearchFunctions = (database: BetterSqlite3.Database) => {
  const options = { deterministic: true, varargs: false } as const;
  database.function('lm_search_pairs', options, (text: unknown) => pairTokens(String(text ?? '')).join(' '));
  database.function('lm_search_chars', options, (text: unknown) => characterTokens(String(text ?? '')).join(' '));
  database.function('lm_search_triples', options, (text: unknown) => tripleTokens(String(text ?? '')).join(' '));
  database.function('lm_search_key', { ...options, safeIntegers: true }, (publishTime: unknown, id: unknown) =>
    searchKey(String(publishTime), Number(id)),
  );
};
