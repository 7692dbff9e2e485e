import type { QueryClient } from '@tanstack/react-query';

/**
 * After a tool is changed or removed: ['tools'] covers the storefront, the admin list
 * (['tools','admin']) and single tools; the overview's low-stock list depends on stock too.
 */
export function refreshCatalogue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['tools'] }),
    queryClient.invalidateQueries({ queryKey: ['orders', 'overview'] }),
  ]);
}
