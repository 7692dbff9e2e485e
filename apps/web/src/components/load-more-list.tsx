import { useId, type ReactNode } from 'react';
import type { MoreRows } from '../lib/paged-lists.ts';
import { LoadMoreButton } from './load-more-button.tsx';
import { QueryState, type QueryView } from './query-state.tsx';

interface LoadMoreListProps<T> {
  /** A "Load more" list (useInfiniteList): its rows so far and its next page. */
  list: { rows: QueryView<T[]>; more: MoreRows };
  loadingLabel: string;
  spinnerClassName?: string;
  emptyText: string;
  /** What shows the rows, e.g. a table. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A back-office list a page at a time, grown by Load more (audit log, coupons, keys, endpoints, trade
 * accounts, deliveries, stock history): the spinner, the failure or the empty text, else the rows and
 * the button under them, which names the rows it adds to for screen readers.
 */
export function LoadMoreList<T>({ list, children, ...state }: LoadMoreListProps<T>) {
  const rowsId = useId();
  return (
    <QueryState query={list.rows} {...state}>
      {(rows) => (
        <>
          <div id={rowsId}>{children(rows)}</div>
          <LoadMoreButton more={list.more} controls={rowsId} />
        </>
      )}
    </QueryState>
  );
}
