import { readFileSync } from 'node:fs';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResultsEditor } from './ResultsEditor';
import { organiserResults } from './resultFixtures';

const ROWS = organiserResults().rows;
// Read from the file: the test runner hands a stylesheet import over empty, and jsdom applies no media query.
const resultsCss = readFileSync(`${import.meta.dirname}/results.css`, 'utf8');

/** Each body row's cells as [column name the cell carries, its header's text] pairs, per table. */
const labelsAndHeaders = () =>
  screen.getAllByRole('table').flatMap((table) => {
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    return [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell, index) => [cell.dataset.label, headers[index]]),
    );
  });

/** The rules results.css applies at a phone's width (the public cards' 576 px) to the organiser's editor. */
const phoneRules = () =>
  [...resultsCss.matchAll(/@media \(max-width: 576px\) \{([\s\S]*?)\n\}/g)]
    .map(([, body = '']) => body)
    .filter((body) => body.includes('.results-editor'))
    .join('\n')
    .replace(/\s+/g, ' ');

describe('成绩录入 on a phone', () => {
  it('labels every cell with its column, so a team shown as a card names its 名次 and 奖项', () => {
    render(<ResultsEditor rows={ROWS} drafts={new Map()} readOnly={false} onChange={() => {}} />);
    const rows = labelsAndHeaders();
    expect(rows).toHaveLength(ROWS.length);
    for (const cells of rows) {
      expect(cells.map(([label]) => label)).toEqual(['队伍', '学校', '队员', '名次', '奖项']);
      for (const [label, header] of cells) expect(label).toBe(header);
    }
  });

  it('keeps each input named by its team, and the card of a team holds that team’s inputs', () => {
    const onChange = vi.fn();
    render(<ResultsEditor rows={ROWS} drafts={new Map()} readOnly={false} onChange={onChange} />);
    const rank = screen.getByRole('spinbutton', { name: '名次 雷霆队' });
    const award = screen.getByRole('combobox', { name: '奖项 雷霆队' });
    const card = rank.closest('tr');
    expect(card).toContainElement(award);
    expect(card?.querySelector('td[data-label="队伍"]')).toHaveTextContent('雷霆队');
    fireEvent.change(rank, { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith(10, { rank: 2, award: null });
  });

  it('labels the cells of published results too', () => {
    render(<ResultsEditor rows={ROWS} drafts={new Map()} readOnly onChange={() => {}} />);
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    for (const cells of labelsAndHeaders()) for (const [label, header] of cells) expect(label).toBe(header);
  });

  it('is drawn as cards by the stylesheet at a phone’s width: no header row, no minimum width, names before values', () => {
    const rules = phoneRules();
    expect(rules).toContain('.results-editor .results-table, .results-editor tr { display: block; min-width: 0; }');
    expect(rules).toContain('.results-editor thead { display: none; }');
    expect(rules).toContain('.results-editor td::before { color: var(--muted); content: attr(data-label); }');
    // The table's 560 px minimum it overrides is still the wide screen's rule, outside any media query.
    expect(resultsCss.replace(/\s+/g, ' ')).toContain('.results-table { border-collapse: collapse; min-width: 560px;');
  });
});
