import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import { describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { catalogueToolsQueryOptions } from '../api/search-tools.ts';
import { catalogueAddress, type CatalogueView } from '../catalogue-address.ts';
import { narrowsByPriceOrStock } from '../category-address.ts';
import { ToolGrid, ToolGridPlaceholder, type ToolGridComponent } from './tool-grid.tsx';

const RESULTS_ID = 'catalogue-results';

const shownCount = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'} shown`;

/**
 * The tools of a catalogue view, `view.pages` pages of them, and Show more. Show more is a link to
 * the address with one page more, so the address always says what is on screen (a reload or a
 * shared link shows the same tools) and it works before the app has taken the page over; the app
 * follows it in place and loads the page the address now asks for. `Grid`: the route's, with the
 * signed-in customer's prices (decision 072).
 */
export function CatalogueResults({ view, Grid = ToolGrid }: { view: CatalogueView; Grid?: ToolGridComponent }) {
  const tools = useInfiniteQuery(catalogueToolsQueryOptions(view));
  const pages = tools.data?.pages;
  const loaded = pages?.length ?? 0;
  const shownTools = pages?.slice(0, view.pages).flatMap((page) => page.tools);
  const shownPages = Math.min(view.pages, loaded);
  const hasMore = loaded > view.pages || tools.hasNextPage;

  // The address asks for more pages than are here (Show more, a reload past what the server renders,
  // Back to a longer list): they load one after another. A failed one waits for Show more.
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = tools;
  useEffect(() => {
    if (loaded > 0 && loaded < view.pages && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [loaded, view.pages, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (tools.isFetchingNextPage) event.preventDefault();
    // Asked again after it failed: the address may already say so.
    else if (isFetchNextPageError) void fetchNextPage();
  };

  return (
    <QueryState
      query={{ isPending: tools.isPending, isError: tools.isError && !pages, error: tools.error, data: shownTools }}
      loadingLabel="Loading tools"
      placeholder={<ToolGridPlaceholder count={TOOLS_SHOWN_INITIALLY} />}
      emptyText={
        view.q !== undefined
          ? `No tools match “${view.q}”${narrowsByPriceOrStock(view) ? ' with these filters' : ''}. Try another word, or a shorter one.`
          : narrowsByPriceOrStock(view)
            ? 'No tool matches these filters. Clear one to see more.'
            : 'No tools in the catalogue yet.'
      }
    >
      {(shown) => (
        <>
          <Grid id={RESULTS_ID} tools={shown} leadsThePage />
          <div className="mt-10 flex flex-col items-center gap-2">
            {hasMore && (
              <Link
                to={catalogueAddress({ ...view, pages: shownPages + 1 })}
                replace
                preventScrollReset
                className="btn btn-outline btn-secondary"
                aria-controls={RESULTS_ID}
                aria-disabled={tools.isFetchingNextPage || undefined}
                onClick={showMore}
              >
                {tools.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Show more
              </Link>
            )}
            <FormMessage message={isFetchNextPageError ? describeRequestError(tools.error) : null} />
            {/* New cards appear above the link that asked for them: say how many there are now. */}
            <p className="text-sm text-base-content/70" aria-live="polite">
              {shownCount(shown.length)}
            </p>
          </div>
        </>
      )}
    </QueryState>
  );
}
