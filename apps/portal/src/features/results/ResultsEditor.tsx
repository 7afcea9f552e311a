import { AWARD_LABELS, AWARDS, type Award, type ResultEntry, type ResultRow } from '@lianmeng/core';
import type { ReactNode } from 'react';
import { ItemTables, RESULT_HEADERS, TEAM_HEADERS } from './ItemTables';

/** What the organiser has typed for a team, before it is saved. */
export interface Draft {
  rank: number | null;
  award: Award | null;
}

/** The award select's "no award": a value of its own, since an empty option reads as nothing chosen. */
const NONE = 'none';

/** A typed rank as a number, or null when empty; anything else stays as typed for the server to refuse. */
const rankOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The entries that differ from what the server holds: only these are sent. */
export const changedEntries = (rows: readonly ResultRow[], drafts: ReadonlyMap<number, Draft>): ResultEntry[] =>
  rows.flatMap((row) => {
    const draft = drafts.get(row.teamId);
    if (!draft || (draft.rank === row.rank && draft.award === row.award)) return [];
    return [{ teamId: row.teamId, rank: draft.rank, award: draft.award }];
  });

const [TEAM, SCHOOL, MEMBERS] = TEAM_HEADERS;
const [RANK, AWARD] = RESULT_HEADERS;

/**
 * A cell that carries its column's name: on a phone results.css shows each row as a card, with the name written
 * before the value (the table's header row is hidden there), so a card's fields are labelled without a script.
 */
const Cell = ({ label, children }: { label: string; children: ReactNode }) => <td data-label={label}>{children}</td>;

/**
 * The admitted teams per item with their rank and award: inputs while results may change, plain text once
 * published. Each input is named by its team, so a screen reader and a keyboard user know whose result it is.
 * On a phone (576 px and narrower) each team is a card, its fields one below another, so 名次 and 奖项 are on
 * screen without scrolling sideways; the same markup serves both, so nothing moves when the page comes alive.
 */
export const ResultsEditor = ({
  rows,
  drafts,
  readOnly,
  onChange,
}: {
  rows: readonly ResultRow[];
  drafts: ReadonlyMap<number, Draft>;
  readOnly: boolean;
  onChange: (teamId: number, draft: Draft) => void;
}) => (
  <div className="results-editor">
    <ItemTables
      rows={rows}
      headingLevel={4}
      headers={[...TEAM_HEADERS, ...RESULT_HEADERS]}
      tableTestId={(itemName) => `results-item-${itemName}`}
      cells={(row) => {
        const team = (
          <>
            <Cell label={TEAM}>{row.teamName}</Cell>
            <Cell label={SCHOOL}>{row.institutionName}</Cell>
            <Cell label={MEMBERS}>{row.members.join('、')}</Cell>
          </>
        );
        if (readOnly) {
          return (
            <>
              {team}
              <Cell label={RANK}>{row.rank ?? '—'}</Cell>
              <Cell label={AWARD}>{row.awardLabel || '—'}</Cell>
            </>
          );
        }
        const draft = drafts.get(row.teamId) ?? { rank: row.rank, award: row.award };
        return (
          <>
            {team}
            <Cell label={RANK}>
              <input
                className="results-rank"
                type="number"
                inputMode="numeric"
                min={1}
                max={10_000}
                step={1}
                aria-label={`名次 ${row.teamName}`}
                value={draft.rank ?? ''}
                onChange={(change) => onChange(row.teamId, { ...draft, rank: rankOf(change.target.value) })}
              />
            </Cell>
            <Cell label={AWARD}>
              <select
                className="results-award"
                aria-label={`奖项 ${row.teamName}`}
                value={draft.award ?? NONE}
                onChange={(change) =>
                  onChange(row.teamId, {
                    ...draft,
                    award: change.target.value === NONE ? null : (change.target.value as Award),
                  })
                }
              >
                {AWARDS.map((award) => (
                  <option key={award} value={award}>
                    {AWARD_LABELS[award]}
                  </option>
                ))}
                <option value={NONE}>无</option>
              </select>
            </Cell>
          </>
        );
      }}
    />
  </div>
);
