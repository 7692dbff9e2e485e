import type { CategoryInput, CategoryUpdate } from '@voltline/shared/categories';
import { apiSend } from '../../../lib/api-client.ts';
import { toolKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

// A category's name and place show on tool pages and in the search: every tool key is stale.
const stale = [toolKeys.all];

/** POST /api/admin/categories (admin): a new category, at the top or under a parent. */
export const useCreateCategory = () => useRefreshingMutation((category: CategoryInput) => apiSend<{ _id: string; slug: string }>('POST', '/admin/categories', category), stale);

/** PATCH /api/admin/categories/{id} (admin): rename, a new address name, or a move. */
export const useUpdateCategory = () =>
  useRefreshingMutation(({ categoryId, update }: { categoryId: string; update: CategoryUpdate }) => apiSend<{ acknowledged: boolean }>('PATCH', `/admin/categories/${categoryId}`, update), stale, { evenWhenRefused: true });

/** DELETE /api/admin/categories/{id} (admin): only an empty category goes (the server says why not in words). */
export const useDeleteCategory = () =>
  useRefreshingMutation((categoryId: string) => apiSend<{ acknowledged: boolean }>('DELETE', `/admin/categories/${categoryId}`), stale, { evenWhenRefused: true });
