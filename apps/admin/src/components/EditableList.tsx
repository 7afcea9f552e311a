import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List } from 'react-admin';

/**
 * A console list whose rows each open their edit page: sorted on `sortField` (ascending unless `sortOrder`
 * says otherwise), searched by `filters`, with no export and no bulk actions (nothing in the console is
 * changed many rows at a time).
 */
export const EditableList = ({
  title,
  filters,
  sortField,
  sortOrder = 'ASC',
  actions,
  children,
}: {
  title: string;
  filters: ReactElement[];
  sortField: string;
  sortOrder?: 'ASC' | 'DESC';
  actions?: ReactElement;
  children: ReactNode;
}) => (
  <List
    title={title}
    filters={filters}
    actions={actions}
    sort={{ field: sortField, order: sortOrder }}
    exporter={false}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      {children}
    </Datagrid>
  </List>
);
