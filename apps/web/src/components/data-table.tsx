import type { ReactNode } from 'react';

interface DataTableProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly string[];
  /** The rows. */
  children: ReactNode;
}

/** A back-office table in a card; it scrolls sideways on narrow screens. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
