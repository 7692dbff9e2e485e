import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import { describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useStorefrontTools } from '../api/get-tools.ts';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { Link } from 'react-router';
import { CATALOGUE_PATH } from '../catalogue-address.ts';
import { ToolGrid, ToolGridPlaceholder, type ToolGridComponent } from './tool-grid.tsx';

const TOOLS_LIST_ID = 'tools-list';

/**
 * product.md, "Screens": the first 6 tools, with Show more and Show less. The catalogue arrives a page at a time:
 * Show more shows the next page, fetching it when it is not loaded yet, until the catalogue ends;
 * Show less goes back to the first 6 (pages already loaded stay, so showing them again is instant).
 * `Grid`: the route's, with the signed-in customer's prices (decision 072).
 */
export function ToolsSection({ Grid = ToolGrid }: { Grid?: ToolGridComponent }) {
  const tools = useStorefrontTools();
  const [pagesShown, setPagesShown] = useState(1);
  const section = useRef<HTMLElement>(null);
  const showMoreButton = useRef<HTMLButtonElement>(null);

  const pages = tools.data?.pages;
  const pagesLoaded = pages?.length ?? 0;
  const shownTools = pages?.slice(0, pagesShown).flatMap((page) => page.items);
  const hasMore = pagesShown < pagesLoaded || tools.hasNextPage;
  const expanded = Math.min(pagesShown, pagesLoaded) > 1;

  const showMore = () => {
    if (pagesShown >= pagesLoaded) void tools.fetchNextPage();
    // Counted from the pages there are, so a next page that failed to load is asked for again, not skipped.
    setPagesShown(Math.min(pagesShown, pagesLoaded) + 1);
  };
  const showLess = () => {
    flushSync(() => setPagesShown(1));
    // Show less is gone now; focus goes to Show more, and the reader back to the top of the tools.
    showMoreButton.current?.focus({ preventScroll: true });
    if (section.current && section.current.getBoundingClientRect().top < 0) section.current.scrollIntoView({ block: 'start' });
  };

  return (
    <section ref={section} aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="tools-heading"
        title="Our Tools"
        subtitle="Drills, drivers, testers and more, made in our own factory and sold straight from our stock."
      />
      <QueryState
        query={{ isPending: tools.isPending, isError: tools.isError && !pages, error: tools.error, data: shownTools }}
        loadingLabel="Loading tools"
        placeholder={<ToolGridPlaceholder count={TOOLS_SHOWN_INITIALLY} />}
        emptyText="No tools in the catalogue yet."
      >
        {(shown) => (
          <>
            <Grid id={TOOLS_LIST_ID} tools={shown} />
            {(hasMore || expanded) && (
              <div className="mt-10 flex flex-col items-center gap-2">
                <div className="flex flex-wrap justify-center gap-3">
                  {hasMore && (
                    <PendingButton
                      ref={showMoreButton}
                      type="button"
                      className="btn btn-outline btn-secondary"
                      aria-controls={TOOLS_LIST_ID}
                      pending={tools.isFetchingNextPage}
                      onClick={showMore}
                    >
                      Show more
                    </PendingButton>
                  )}
                  {expanded && (
                    <button type="button" className="btn btn-outline btn-secondary" aria-controls={TOOLS_LIST_ID} onClick={showLess}>
                      Show less
                    </button>
                  )}
                </div>
                <FormMessage message={tools.isFetchNextPageError ? describeRequestError(tools.error) : null} />
                {/* The new cards appear above the button that asked for them: say how many there are now. */}
                <p className="sr-only" aria-live="polite">
                  {expanded ? `${shown.length} tools shown` : ''}
                </p>
              </div>
            )}
            {/* Past the spec's toggle: the whole catalogue, searched and sorted, on a page of its own. */}
            <p className="mt-6 text-center">
              <Link to={CATALOGUE_PATH} className="link link-secondary inline-flex min-h-11 items-center">
                Search and sort all tools
              </Link>
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
