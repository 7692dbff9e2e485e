import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiPage } from '../lib/api-client.ts';
import type { ListAddress } from '../lib/list-address.ts';
import { PageControls } from './page-controls.tsx';
import { QueryState } from './query-state.tsx';

interface PagedTableProps<T> {
  /** The page the address asks for (kept on screen while the next one loads: placeholderData). */
  page: UseQueryResult<ApiPage<T>>;
  address: ListAddress;
  /** Names the paging controls, e.g. "Order pages". */
  label: string;
  loadingLabel: string;
  emptyText: string;
  children: (rows: T[]) => ReactNode;
}

/** A back-office table a page at a time, with Previous and Next; where it stands is in the address. */
export function PagedTable<T>({ page, address, label, loadingLabel, emptyText, children }: PagedTableProps<T>) {
  const rows = page.data?.items;
  const nextCursor = page.data?.nextCursor;
  const busy = page.isPlaceholderData;
  return (
    <div className="flex flex-col gap-3">
      {/* While another page or search loads, the rows before it stay, dimmed, instead of a spinner. */}
      <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <QueryState
          query={{ isPending: page.isPending, isError: page.isError, error: page.error, data: rows }}
          loadingLabel={loadingLabel}
          emptyText={emptyText}
        >
          {children}
        </QueryState>
      </div>
      {/* A page link the server refuses (e.g. one changed by hand): the way back to the start. */}
      {page.isError && address.hasPrevious && (
        <button type="button" className="btn btn-sm self-start" onClick={address.showFirst}>
          First page
        </button>
      )}
      {rows && (
        <PageControls
          label={label}
          firstRow={address.firstRow}
          rowCount={rows.length}
          hasPrevious={address.hasPrevious}
          hasNext={nextCursor !== undefined}
          busy={busy}
          onPrevious={address.showPrevious}
          onNext={() => nextCursor && address.showNext(nextCursor)}
        />
      )}
    </div>
  );
}
