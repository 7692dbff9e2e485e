import type { CSSProperties, ReactNode } from 'react';
import { ColumnHeaders } from './column-headers.tsx';

interface DataTableProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly string[];
  /** The rows. */
  children: ReactNode;
}

/**
 * Each column's name as a CSS string in a custom property (--data-table-column-1, -2, ...): below
 * 640 px a cell writes its column's name before its value (index.css), so the rows need not
 * repeat it. JSON's quoting escapes quotes and backslashes as CSS strings want them.
 */
function columnNames(columns: readonly string[]): CSSProperties {
  return Object.fromEntries(columns.map((column, index) => [`--data-table-column-${index + 1}`, JSON.stringify(column)]));
}

/**
 * A back-office table in a card. Below 640 px every row becomes a card of "column: value" lines
 * (index.css, .data-table), so every action is on screen without scrolling sideways.
 */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className="data-table sm:overflow-x-auto sm:rounded-box sm:bg-base-100 sm:shadow">
      <table className="sm:table" style={columnNames(columns)}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
