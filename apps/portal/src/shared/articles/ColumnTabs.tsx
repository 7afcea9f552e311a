import { columnByTypeId } from '@lianmeng/core';
import { NavLink } from 'react-router-dom';

/** Links between the columns of one area (the exchange, education and topic pages). */
export const ColumnTabs = ({ label, typeIds }: { label: string; typeIds: number[] }) => (
  <nav className="column-tabs" aria-label={label}>
    <ul>
      {typeIds.map((typeId) => {
        const column = columnByTypeId(typeId);
        if (!column) return null;
        return (
          <li key={typeId}>
            <NavLink to={`${column.route}/${typeId}`}>{column.title}</NavLink>
          </li>
        );
      })}
    </ul>
  </nav>
);
