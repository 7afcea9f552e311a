import type { ReactNode } from 'react';
import { groupByItem } from './groupByItem';

/** A result row as the tables and cards show it: the organiser's list and the public 公示 alike. */
interface ShownResult {
  itemName: string;
  teamId: number;
  teamName: string;
  institutionName: string;
  members: readonly string[];
  rank: number | null;
  awardLabel: string;
}

/** The headers of the team's own columns and of its result's, for tables that put them in either order. */
export const TEAM_HEADERS = ['队伍', '学校', '队员'] as const;
export const RESULT_HEADERS = ['名次', '奖项'] as const;

/** The team's own cells: name, school, masked members. */
export const TeamCells = ({ row }: { row: ShownResult }) => (
  <>
    <td>{row.teamName}</td>
    <td>{row.institutionName}</td>
    <td>{row.members.join('、')}</td>
  </>
);

/** Rank and award as text, a dash for either left empty. */
export const ResultCells = ({ row }: { row: ShownResult }) => (
  <>
    <td>{row.rank ?? '—'}</td>
    <td>{row.awardLabel || '—'}</td>
  </>
);

/** Rank and award on one line (第 1 名 · 一等奖), as a card shows them; a dash when neither is set. */
export const placeText = (row: Pick<ShownResult, 'rank' | 'awardLabel'>) =>
  [row.rank === null ? '' : `第 ${row.rank} 名`, row.awardLabel].filter(Boolean).join(' · ') || '—';

/**
 * The rows per item, in the server's order: the item's name as a heading, then a table with `headers` whose
 * cells `cells` writes for each row. A table wider than the screen scrolls inside its own box, which takes
 * focus so a keyboard can scroll it, never the page.
 */
export const ItemTables = <Row extends ShownResult>({
  rows,
  headingLevel,
  headers,
  cells,
  tableTestId,
}: {
  rows: readonly Row[];
  headingLevel: 3 | 4;
  headers: readonly string[];
  cells: (row: Row) => ReactNode;
  tableTestId?: (itemName: string) => string;
}) => {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return groupByItem(rows).map(({ itemName, rows: itemRows }) => (
    <div key={itemName} className="results-item">
      <Heading>{itemName}</Heading>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section className="results-scroll" aria-label={`${itemName}成绩`} tabIndex={0}>
        <table className="results-table" data-testid={tableTestId?.(itemName)}>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {itemRows.map((row) => (
              <tr key={row.teamId}>{cells(row)}</tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  ));
};
