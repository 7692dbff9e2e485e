import type { ComponentProps, ReactNode } from 'react';
import { ColumnHeaders } from './column-headers.tsx';

interface TableWithActionsProps extends ComponentProps<'table'> {
  /** The table's <caption>, shown or for screen readers only (or none where `aria-labelledby` names it). */
  caption?: ReactNode;
  columns: readonly string[];
  /** The last column's header, read only by screen readers: each row's button there says what it does. */
  actionColumn: string;
}

/**
 * A back-office table whose rows each end in a button (remove a rate, a price, a family's tool): its
 * column headers, the action column's for screen readers only, then the rows.
 */
export function TableWithActions({ caption, columns, actionColumn, children, ...table }: TableWithActionsProps) {
  return (
    <table {...table}>
      {caption}
      <ColumnHeaders columns={columns}>
        <th scope="col">
          <span className="sr-only">{actionColumn}</span>
        </th>
      </ColumnHeaders>
      <tbody>{children}</tbody>
    </table>
  );
}
