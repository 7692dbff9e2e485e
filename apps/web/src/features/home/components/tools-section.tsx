import { useState } from 'react';
import { TOOLS_SHOWN_INITIALLY } from '@voltline/shared/shop-constants';
import { QueryState } from '../../../components/query-state.tsx';
import { useTools } from '../api/get-tools.ts';
import { SectionHeading } from './section-heading.tsx';
import { ToolCard, ToolCardPlaceholder } from './tool-card.tsx';

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

export function ToolsSection() {
  const tools = useTools();
  const [showAll, setShowAll] = useState(false);

  return (
    <section aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="tools-heading"
        title="Our Tools"
        subtitle="Drills, drivers, testers and more, made in our own factory and sold straight from our stock."
      />
      <QueryState query={tools} loadingLabel="Loading tools" placeholder={<ToolGridPlaceholder />} emptyText="No tools in the catalogue yet.">
        {(catalogue) => (
          <>
            <div id="tools-list" className={toolsGridClass}>
              {(showAll ? catalogue : catalogue.slice(0, TOOLS_SHOWN_INITIALLY)).map((tool) => (
                <ToolCard key={tool._id} tool={tool} />
              ))}
            </div>
            {catalogue.length > TOOLS_SHOWN_INITIALLY && (
              <div className="mt-10 text-center">
                <button
                  type="button"
                  className="btn btn-outline btn-secondary"
                  aria-expanded={showAll}
                  aria-controls="tools-list"
                  onClick={() => setShowAll((value) => !value)}
                >
                  {showAll ? 'Show less' : 'Show more'}
                </button>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
