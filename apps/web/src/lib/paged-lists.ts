import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiPage, type ApiPage } from './api-client.ts';

/** A list's query parameters; those without a value (no search, the first page) are left out. */
export type ListQuery = Record<string, string | number | undefined>;

/** A list call's address, e.g. listPath('/allUsers', { limit: 20, q: 'ann' }) -> '/allUsers?limit=20&q=ann'. */
export function listPath(path: string, query: ListQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The rows of every page loaded so far, in order. */
export function rowsOf<T>(data: InfiniteData<ApiPage<T>> | undefined): T[] | undefined {
  return data?.pages.flatMap((page) => page.items);
}

/** The options of a list fetched a page at a time, each page found by the cursor the one before announced. */
export type InfiniteListOptions<T, Key extends QueryKey> = UseInfiniteQueryOptions<
  ApiPage<T>,
  Error,
  InfiniteData<ApiPage<T>, string | undefined>,
  Key,
  string | undefined
>;

/**
 * The query options of a "Load more" list: the first page has no cursor, and each next page starts
 * at the cursor the page before it announced (none: the list is complete).
 */
export function pagedListOptions<T, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | undefined) => Promise<ApiPage<T>>,
  more: Pick<InfiniteListOptions<T, Key>, 'staleTime' | 'refetchInterval'> = {},
) {
  return infiniteQueryOptions<ApiPage<T>, Error, InfiniteData<ApiPage<T>, string | undefined>, Key, string | undefined>({
    queryKey,
    // A first page rendered on the server crosses to the browser as JSON, where its undefined cursor becomes null.
    queryFn: ({ pageParam }) => fetchPage(pageParam ?? undefined),
    initialPageParam: undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    ...more,
  });
}

/** The query options of a "Load more" list of the API's `path`, `pageSize` rows a page, under `queryKey`. */
export const pagedListOf = <T>(queryKey: QueryKey, path: string, pageSize: number) =>
  pagedListOptions(queryKey, (cursor) => apiPage<T>(listPath(path, { cursor, limit: pageSize })));

/**
 * A "Load more" list: its rows so far, in the shape QueryState shows, and what the Load more
 * button needs. Once rows are on screen, a failed next page is reported beside the button and
 * leaves them in place.
 */
export function useInfiniteList<T, Key extends QueryKey>(options: InfiniteListOptions<T, Key>) {
  const query = useInfiniteQuery(options);
  const rows = useMemo(() => rowsOf(query.data), [query.data]);
  return {
    rows: { isPending: query.isPending, isError: query.isError && rows === undefined, error: query.error, data: rows },
    more: {
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      error: query.isFetchNextPageError ? query.error : null,
      loadMore: () => void query.fetchNextPage(),
    },
  };
}
export type MoreRows = ReturnType<typeof useInfiniteList>['more'];
