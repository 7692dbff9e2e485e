import type { ReactNode } from 'react';
import { describeRequestError } from '../lib/api-client.ts';
import { ErrorAlert } from './error-alert.tsx';
import { LoadingSpinner } from './loading-spinner.tsx';

/** What QueryState reads of a query: a useQuery result, or the rows of a paged list. */
export interface QueryView<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

interface QueryStateProps<T> {
  query: QueryView<T>;
  /** Names the spinner for screen readers, e.g. "Loading orders". */
  loadingLabel: string;
  spinnerClassName?: string;
  /** Shown instead of the spinner while loading, e.g. placeholders that hold the space of what is coming. */
  placeholder?: ReactNode;
  /** For a list: what to say instead of an empty one. */
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** What a query has to show: a spinner while it loads, the failure, the empty-list text, or its data. */
export function QueryState<T>({ query, loadingLabel, spinnerClassName, placeholder, emptyText, children }: QueryStateProps<T>) {
  if (query.isError) return <ErrorAlert message={describeRequestError(query.error)} />;
  if (query.isPending || query.data === undefined) {
    return placeholder ?? <LoadingSpinner label={loadingLabel} className={spinnerClassName} />;
  }
  if (emptyText !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return <p className="py-8 text-center text-base-content/70">{emptyText}</p>;
  }
  return children(query.data);
}
