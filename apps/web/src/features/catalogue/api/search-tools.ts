import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ToolSearchAnswer } from '@voltline/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import type { CatalogueView } from '../catalogue-address.ts';
import { categoryQuery, writeToolFilters, type CategoryView } from '../category-address.ts';

/** How many tools a category page shows at first and adds at each Show more (the count says how many match in all). */
export const CATEGORY_PAGE_SIZE = 48;
/** The catalogue page's pages: whole rows of two, three or four cards. */
const CATALOGUE_PAGE_SIZE = 24;

/**
 * GET /api/tools/search with `query`, a page at a time: each next page starts at the cursor the
 * page before it answered; every page answers the counts too, read from the first.
 */
function toolSearchOptions(queryKey: QueryKey, query: URLSearchParams) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(query);
      // A first page rendered on the server crosses to the browser as JSON, where its undefined cursor becomes null.
      if (pageParam) page.set('cursor', pageParam);
      return apiRequest<ToolSearchAnswer>(`/tools/search?${page.toString()}`);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A category's tools narrowed by the view, with each filter's counts. */
export const categoryToolsQueryOptions = (view: CategoryView) => {
  const query = categoryQuery(view);
  query.set('category', view.slug);
  query.set('limit', String(CATEGORY_PAGE_SIZE));
  return toolSearchOptions(toolKeys.search({ query: query.toString() }), query);
};

/**
 * The catalogue page's tools (/tools, issue 28): its search, price range and stock, in its order,
 * with the top categories counted (issue 40, item 5). The pages on screen are the address's.
 */
export const catalogueToolsQueryOptions = (view: CatalogueView) => {
  const query = writeToolFilters(new URLSearchParams(), view);
  query.set('sort', view.sort);
  query.set('limit', String(CATALOGUE_PAGE_SIZE));
  return toolSearchOptions(toolKeys.catalogue({ query: query.toString() }), query);
};

/** The pages loaded so far as one answer: the first page's counts and total, every page's tools in order. */
export function loadedAnswer(data: Pick<InfiniteData<ToolSearchAnswer>, 'pages'> | undefined): ToolSearchAnswer | undefined {
  const first = data?.pages[0];
  return first && { ...first, tools: data.pages.flatMap((page) => page.tools), nextCursor: data.pages.at(-1)?.nextCursor ?? null };
}

export function useCategoryTools(view: CategoryView) {
  // The last answer stays on screen while the next filter's loads: the counts change in place.
  const query = useInfiniteQuery({ ...categoryToolsQueryOptions(view), placeholderData: keepPreviousData });
  return {
    data: loadedAnswer(query.data),
    isError: query.isError && query.data === undefined,
    error: query.error,
    more: {
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      error: query.isFetchNextPageError ? query.error : null,
      loadMore: () => void query.fetchNextPage(),
    },
  };
}
