import type { Tool } from '@voltline/shared/tool';
import type { ComponentType } from 'react';
import type { CustomerPrices } from '../../../entities/tool/customer-price.ts';
import { ToolCard, ToolCardPlaceholder } from './tool-card.tsx';

// Two a row from the narrowest phone (issue 43: one 630 px card per screen read as a list, not a shop).
const toolsGridClass = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3';

export interface ToolGridProps {
  id: string;
  tools: Tool[];
  leadsThePage?: boolean;
  /** The signed-in customer's own prices of these tools (decision 072); the list prices without them. */
  prices?: CustomerPrices;
}

/**
 * A grid of tools given by the route: the route composes the catalogue with the customer's prices
 * (features/pricing), which this area does not import.
 */
export type ToolGridComponent = ComponentType<ToolGridProps>;

/**
 * Tools' cards in rows of two or three, as wide as the screen allows. `leadsThePage`: the grid
 * is the top of its page (the catalogue), so its first picture is what a phone paints largest first.
 */
export function ToolGrid({ id, tools, leadsThePage = false, prices }: ToolGridProps) {
  return (
    <div id={id} className={toolsGridClass}>
      {tools.map((tool, index) => (
        <ToolCard key={tool._id} tool={tool} leadsThePage={leadsThePage && index === 0} prices={prices} />
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
