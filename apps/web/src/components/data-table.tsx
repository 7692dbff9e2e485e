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
        {/* daisyUI writes header cells at 60% of the text colour, under 4.5:1 on the base. */}
        <thead className="text-base-content">
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
