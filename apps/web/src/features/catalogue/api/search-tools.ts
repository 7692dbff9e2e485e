import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolSearchAnswer } from '@voltline/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { categoryQuery, type CategoryView } from '../category-address.ts';

/** The most tools a category page shows at once (the count says how many match in all). */
export const CATEGORY_PAGE_SIZE = 48;

/** GET /api/tools/search: a category's tools narrowed by the view, with each filter's counts. */
export const categoryToolsQueryOptions = (view: CategoryView) => {
  const query = categoryQuery(view);
  query.set('category', view.slug);
  query.set('limit', String(CATEGORY_PAGE_SIZE));
  return queryOptions({
    queryKey: toolKeys.search({ query: query.toString() }),
    queryFn: () => apiRequest<ToolSearchAnswer>(`/tools/search?${query.toString()}`),
  });
};

export function useCategoryTools(view: CategoryView) {
  // The last answer stays on screen while the next filter's loads: the counts change in place.
  return useQuery({ ...categoryToolsQueryOptions(view), placeholderData: (previous) => previous });
}
