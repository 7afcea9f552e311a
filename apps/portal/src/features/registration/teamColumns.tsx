import type { TeamSummary } from '@lianmeng/core';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { TeamStateMark } from './TeamStateMark';

type TeamColumn = TableColumnsType<TeamSummary>[number];

/** The team's name with its coach under it. */
export const teamNameColumn: TeamColumn = {
  title: '队伍',
  key: 'team',
  width: 160,
  render: (_, team) => (
    <>
      <strong>{team.name}</strong>
      <div>指导教师：{team.coach}</div>
    </>
  ),
};

export const memberCountColumn: TeamColumn = { title: '人数', dataIndex: 'memberCount', key: 'memberCount', width: 60 };

/** The team's state and, when returned, the organiser's reason; `more` adds a line of the caller's. */
export const teamStateColumn = (width: number | string, more?: (team: TeamSummary) => ReactNode): TeamColumn => ({
  title: '状态',
  key: 'state',
  width,
  render: (_, team) => (
    <>
      <TeamStateMark state={team.state} />
      {team.state === 'returned' && team.returnReason && (
        <div data-testid={`return-reason-${team.id}`}>退回原因：{team.returnReason}</div>
      )}
      {more?.(team)}
    </>
  ),
});

/**
 * The columns with each cell naming its column (`data-label`): on a phone registration.css shows each row as a
 * card with every field after its column's name. One markup serves both widths, so nothing moves when the page
 * hydrates.
 */
export const labelledColumns = (columns: TableColumnsType<TeamSummary>): TableColumnsType<TeamSummary> =>
  columns.map((column) => ({
    ...column,
    // antd passes what onCell answers to the <td> as attributes; a data- attribute is not in React's cell type.
    onCell: () => ({ 'data-label': String(column.title) }) as HTMLAttributes<HTMLElement>,
  }));
