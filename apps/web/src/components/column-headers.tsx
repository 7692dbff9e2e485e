import type { ReactNode } from 'react';

/**
 * A table's header row: each column's name, then any further header cell given (an action column's).
 * At the full text colour: daisyUI writes header cells at 60% of it, under 4.5:1 on the base.
 */
export function ColumnHeaders({ columns, children }: { columns: readonly string[]; children?: ReactNode }) {
  return (
    <thead className="text-base-content">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
