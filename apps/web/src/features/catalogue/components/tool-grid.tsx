import type { Tool } from '@voltline/shared/tool';
import { ToolCard, ToolCardPlaceholder } from './tool-card.tsx';

const toolsGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/**
 * Tools' cards in rows of one, two or three, as wide as the screen allows. `leadsThePage`: the grid
 * is the top of its page (the catalogue), so its first picture is what a phone paints largest first.
 */
export function ToolGrid({ id, tools, leadsThePage = false }: { id: string; tools: Tool[]; leadsThePage?: boolean }) {
  return (
    <div id={id} className={toolsGridClass}>
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} leadsThePage={leadsThePage && index === 0} />
      ))}
    </div>
  );
}

/** While tools load: their cards, empty, so the page below does not move when they arrive. */
export function ToolGridPlaceholder({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading tools" className={toolsGridClass}>
      {Array.from({ length: count }, (_, index) => (
        <ToolCardPlaceholder key={index} />
      ))}
    </div>
  );
}
