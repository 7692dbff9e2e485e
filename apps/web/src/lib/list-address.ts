import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiPage } from './api-client.ts';
import { listPath } from './paged-lists.ts';

/** Rows per page of the back-office tables. */
export const TABLE_PAGE_SIZE = 20;

/** The search and the page a table's address shows: what its query asks the server for (the dashboard's loaders read it too). */
export function listViewOf(searchParams: URLSearchParams): { q?: string; cursor?: string } {
  return { q: searchParams.get('q')?.trim() || undefined, cursor: searchParams.getAll('cursor').at(-1) };
}

/**
 * Where a back-office table stands, kept in the page's address so that a reload or a shared link
 * shows the same rows: `q` is the search, the table's own filters sit beside it, and `cursor` is
 * repeated once per page walked through, oldest first. The last one fetches the page on screen;
 * keeping the earlier ones is what lets Previous work on a reloaded or shared link too (the
 * server's cursors only go forward).
 */
export function useListAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const trail = searchParams.getAll('cursor');

  const change = (edit: (params: URLSearchParams) => void, options: { replace: boolean }) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      edit(next);
      return next;
    }, options);
  const setTrail = (params: URLSearchParams, cursors: string[]) => {
    params.delete('cursor');
    for (const cursor of cursors) params.append('cursor', cursor);
  };
  /** Changes the search or a filter (sets or deletes parameters), which starts again at the first page. */
  const refine = (edit: (params: URLSearchParams) => void) =>
    change((params) => {
      edit(params);
      setTrail(params, []);
    }, { replace: true });

  return {
    searchParams,
    ...listViewOf(searchParams),
    /** 1 on the first page, 21 on the second... */
    firstRow: trail.length * TABLE_PAGE_SIZE + 1,
    hasPrevious: trail.length > 0,
    // Pages are steps the browser's Back retraces; a new search or filter replaces the entry
    // instead, so typing does not fill the history.
    showNext: (nextCursor: string) => change((params) => params.append('cursor', nextCursor), { replace: false }),
    showPrevious: () => change((params) => setTrail(params, trail.slice(0, -1)), { replace: false }),
    showFirst: () => change((params) => setTrail(params, []), { replace: false }),
    refine,
    search: (q: string) => refine((params) => (q ? params.set('q', q) : params.delete('q'))),
  };
}
export type ListAddress = ReturnType<typeof useListAddress>;

/**
 * How a table whose page comes from the address is asked: the shown page stays while the next one
 * comes, and a page the server refused (a page link changed by hand) is not asked again when the page
 * mounts after its route's loader met the refusal. A refusal does not change on a second try
 * (app/query-client.ts), and the loader and the page would otherwise ask once each.
 */
export const addressedListOptions = { placeholderData: keepPreviousData, retryOnMount: false } as const;

/** The query options of a table of the API's list at `path`, its search and page from the address. */
export const addressedListOf = <T>(queryKey: QueryKey, path: string, { q, cursor }: { q?: string; cursor?: string }) =>
  queryOptions({ queryKey, queryFn: () => apiPage<T>(listPath(path, { q, cursor, limit: TABLE_PAGE_SIZE })), ...addressedListOptions });
