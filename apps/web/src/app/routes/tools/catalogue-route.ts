import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { catalogueToolsQueryOptions } from '../../../features/catalogue/api/search-tools.ts';
import { CATALOGUE_PAGES_RENDERED_MAX, readCatalogueAddress } from '../../../features/catalogue/catalogue-address.ts';
import type { PageHandle } from '../../public-page.ts';

/**
 * The catalogue page's loader and head: the pages of tools its address asks for, at most
 * CATALOGUE_PAGES_RENDERED_MAX on the server (the browser loads the rest), and the head, whose
 * ItemList names the tools on screen. `started` as in createRoutes: awaited on the server only.
 */
export function catalogueRoute(queryClient: QueryClient, started: (loading: Promise<unknown>) => Promise<null>) {
  const handle: PageHandle = {
    head: async ({ search, queryClient: client }) => {
      const { cataloguePageHead } = await import('./catalogue-head.ts');
      const view = readCatalogueAddress(search);
      const loaded = client.getQueryData(catalogueToolsQueryOptions(view).queryKey);
      return cataloguePageHead(view, loaded?.pages.slice(0, view.pages).flatMap((page) => page.tools));
    },
  };
  const loader = ({ request }: LoaderFunctionArgs) => {
    const view = readCatalogueAddress(new URL(request.url).searchParams);
    // Its first page answers the top categories' counts too (issue 40, item 5): no tree to ask besides.
    return started(queryClient.prefetchInfiniteQuery({ ...catalogueToolsQueryOptions(view), pages: Math.min(view.pages, CATALOGUE_PAGES_RENDERED_MAX) }));
  };
  return { handle, loader };
}
