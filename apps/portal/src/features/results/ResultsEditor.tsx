import { AWARD_LABELS, AWARDS, type Award, type ResultEntry, type ResultRow } from '@lianmeng/core';
import { groupByItem } from './groupByItem';

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

/**
 * The admitted teams per item with their rank and award: inputs while results may change, plain text once
 * published. Each input is named by its team, so a screen reader and a keyboard user know whose result it is.
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
  <>
    {groupByItem(rows).map(({ itemName, rows: itemRows }) => (
      <div key={itemName} className="results-item">
        <h4>{itemName}</h4>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
        <section className="results-scroll" aria-label={`${itemName}成绩`} tabIndex={0}>
          <table className="results-table" data-testid={`results-item-${itemName}`}>
            <thead>
              <tr>
                <th scope="col">队伍</th>
                <th scope="col">学校</th>
                <th scope="col">队员</th>
                <th scope="col">名次</th>
                <th scope="col">奖项</th>
              </tr>
            </thead>
            <tbody>
              {itemRows.map((row) => {
                const draft = drafts.get(row.teamId) ?? { rank: row.rank, award: row.award };
                return (
                  <tr key={row.teamId}>
                    <td>{row.teamName}</td>
                    <td>{row.institutionName}</td>
                    <td>{row.members.join('、')}</td>
                    {readOnly ? (
                      <>
                        <td>{row.rank ?? '—'}</td>
                        <td>{row.awardLabel || '—'}</td>
                      </>
                    ) : (
                      <>
                        <td>
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
                        </td>
                        <td>
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
                        </td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    ))}
  </>
);
