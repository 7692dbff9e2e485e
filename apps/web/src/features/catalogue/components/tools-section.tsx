import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import { describeRequestError } from '../../../lib/api-client.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { PendingButton } from '../../../components/pending-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useStorefrontTools } from '../api/get-tools.ts';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { ToolCard, ToolCardPlaceholder } from './tool-card.tsx';

const TOOLS_LIST_ID = 'tools-list';
const toolsGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** While the catalogue loads: the first tools' cards, empty, so the page below does not move when they arrive. */
function ToolGridPlaceholder() {
  return (
    <div role="status" aria-label="Loading tools" className={toolsGridClass}>
      {Array.from({ length: TOOLS_SHOWN_INITIALLY }, (_, index) => (
        <ToolCardPlaceholder key={index} />
      ))}
    </div>
  );
}

/**
 * product.md, "Screens": the first 6 tools, with Show more and Show less. The catalogue arrives a page at a time:
 * Show more shows the next page, fetching it when it is not loaded yet, until the catalogue ends;
 * Show less goes back to the first 6 (pages already loaded stay, so showing them again is instant).
 */
export function ToolsSection() {
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
        placeholder={<ToolGridPlaceholder />}
        emptyText="No tools in the catalogue yet."
      >
        {(shown) => (
          <>
            <div id={TOOLS_LIST_ID} className={toolsGridClass}>
              {shown.map((tool) => (
                <ToolCard key={tool._id} tool={tool} />
              ))}
            </div>
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
          </>
        )}
      </QueryState>
    </section>
  );
}
