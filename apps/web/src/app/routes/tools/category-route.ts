import type { QueryClient } from '@tanstack/react-query';
import { categoryPathOf } from '@voltline/shared/categories';
import type { LoaderFunctionArgs } from 'react-router';
import { categoriesQueryOptions } from '../../../features/catalogue/api/get-categories.ts';
import { categoryToolsQueryOptions, loadedAnswer } from '../../../features/catalogue/api/search-tools.ts';
import { readCategoryAddress } from '../../../features/catalogue/category-address.ts';
import type { PageHandle } from '../../public-page.ts';
import { notFound } from '../../route-loaders.ts';

/**
 * A category page's loader and head (issue 40): the tree (for its breadcrumb and filters) and the
 * tools its address asks for, awaited on the server, which renders the filtered page; a slug no
 * category has is a 404 there.
 */
export function categoryRoute(queryClient: QueryClient, onServer: boolean) {
  const handle: PageHandle = {
    head: async ({ params, search, queryClient: client }) => {
      const { categoryPageHead, missingCategoryHead } = await import('./category-head.ts');
      const view = readCategoryAddress(params.slug ?? '', search);
      const path = categoryPathOf(client.getQueryData(categoriesQueryOptions().queryKey) ?? [], view.slug);
      return path ? categoryPageHead(view, path, loadedAnswer(client.getQueryData(categoryToolsQueryOptions(view).queryKey))) : missingCategoryHead;
    },
  };
  const loader = async ({ params, request }: LoaderFunctionArgs) => {
    const view = readCategoryAddress(params.slug ?? '', new URL(request.url).searchParams);
    if (!onServer) {
      Promise.all([queryClient.ensureQueryData(categoriesQueryOptions()), queryClient.prefetchInfiniteQuery(categoryToolsQueryOptions(view))]).catch(() => undefined);
      return null;
    }
    // The tree first: a slug no category has is a 404, and its search (which would fail) is not asked.
    const tree = await queryClient.ensureQueryData(categoriesQueryOptions());
    if (!categoryPathOf(tree, view.slug)) return notFound();
    await queryClient.prefetchInfiniteQuery(categoryToolsQueryOptions(view));
    return null;
  };
  return { handle, loader };
}
