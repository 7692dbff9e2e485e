import type { QueryClient } from '@tanstack/react-query';
import { catalogueToolsQueryOptions } from '../../../features/catalogue/api/get-tools.ts';
import { CATALOGUE_PAGES_RENDERED_MAX, readCatalogueAddress } from '../../../features/catalogue/catalogue-address.ts';
import { rowsOf } from '../../../lib/paged-lists.ts';
import type { PublicPageHandle } from '../../public-page.ts';

/**
 * The catalogue page's route: the pages of tools its address asks for, at most
 * CATALOGUE_PAGES_RENDERED_MAX on the server (the browser loads the rest), and its head, whose
 * ItemList names the tools on screen. `waitForData` as in createRoutes.
 */
export function catalogueHandle(queryClient: QueryClient, waitForData: boolean): PublicPageHandle {
  return {
    head: async ({ search, queryClient: client }) => {
      const { cataloguePageHead } = await import('./catalogue-head.ts');
      const view = readCatalogueAddress(search);
      const loaded = client.getQueryData(catalogueToolsQueryOptions(view).queryKey);
      return cataloguePageHead(view, rowsOf(loaded && { ...loaded, pages: loaded.pages.slice(0, view.pages) }));
    },
    load: async (_params, search) => {
      const view = readCatalogueAddress(search);
      const loading = queryClient.prefetchInfiniteQuery({
        ...catalogueToolsQueryOptions(view),
        pages: Math.min(view.pages, CATALOGUE_PAGES_RENDERED_MAX),
      });
      if (waitForData) await loading;
      return 200;
    },
  };
}
