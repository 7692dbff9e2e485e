import type { Tool } from '@voltline/shared/tool';
import { ToolCard, ToolCardPlaceholder } from './tool-card.tsx';

const toolsGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Tools' cards in rows of one, two or three, as wide as the screen allows. */
export function ToolGrid({ id, tools }: { id: string; tools: Tool[] }) {
  return (
    <div id={id} className={toolsGridClass}>
      {tools.map((tool) => (
        <ToolCard key={tool._id} tool={tool} />
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
