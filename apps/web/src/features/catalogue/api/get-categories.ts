import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryTreeNode } from '@voltline/shared/categories';
import { apiRequest } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';

/** GET /api/categories: the catalogue's tree, each category with its specifications. */
export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: toolKeys.categories(), queryFn: () => apiRequest<CategoryTreeNode[]>('/categories') });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
