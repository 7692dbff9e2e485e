import type { QueryStatus, StoredQuery } from '@voltline/shared/query-form';
import { apiPage, type ApiPage } from '../../../lib/api-client.ts';
import { listPath, pagedListOptions, useInfiniteList } from '../../../lib/paged-lists.ts';
import { inboxKeys } from '../../../lib/query-keys.ts';

const QUERIES_PAGE_SIZE = 20;

/** Which queries the inbox shows: the open ones (the default: what is left to answer), the answered ones, or all. */
export type InboxFilter = QueryStatus | 'all';

/** GET /api/queries (admin): a page of the visitors' queries, newest first. */
function getQueries(filter: InboxFilter, cursor: string | undefined): Promise<ApiPage<StoredQuery>> {
  return apiPage<StoredQuery>(listPath('/queries', { status: filter === 'all' ? undefined : filter, cursor, limit: QUERIES_PAGE_SIZE }));
}

/** The inbox opens on what is left to answer. */
export const FIRST_INBOX_FILTER: InboxFilter = 'open';

export const queriesQueryOptions = (filter: InboxFilter) => pagedListOptions(inboxKeys.list({ filter }), (cursor) => getQueries(filter, cursor));

export function useQueries(filter: InboxFilter) {
  return useInfiniteList(queriesQueryOptions(filter));
}
