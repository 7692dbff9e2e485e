import { useState } from 'react';
import type { Tool } from '@voltline/shared/tool';
import { DESCRIPTION_PREVIEW_LENGTH } from '@voltline/shared/shop-constants';
import { PictureCard } from '../../../components/picture-card.tsx';
import { PlaceOrderButton } from './place-order-button.tsx';
import { ToolStockLine } from '../../../entities/tool/components/tool-stock-line.tsx';
import { LIST_PRICES, unitPriceWords, type CustomerPrices } from '../../../entities/tool/customer-price.ts';

/** How wide a card's picture is drawn in the tool grid (tool-grid.tsx: two columns, three from lg, inside max-w-7xl). */
const TOOL_GRID_PICTURE_WIDTH = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw';

/** `prices`: the signed-in customer's own (decision 072), over the list price the public answer gave. */
export function ToolCard({ tool, leadsThePage = false, prices = LIST_PRICES }: { tool: Tool; leadsThePage?: boolean; prices?: CustomerPrices }) {
  const [expanded, setExpanded] = useState(false);
  const isLong = tool.description.length > DESCRIPTION_PREVIEW_LENGTH;
  const description =
    isLong && !expanded ? `${tool.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : tool.description;

  return (
    <PictureCard
      title={tool.toolName}
      picture={tool.img}
      pictureSizes={tool.picture}
      pictureDrawnWidth={TOOL_GRID_PICTURE_WIDTH}
      pictureAlt={tool.toolName}
      testId="tool-card"
      href={`/tools/${encodeURIComponent(tool._id)}`}
      leadsThePage={leadsThePage}
      dense
    >
      <div>
        <p data-testid="tool-description" className="break-words text-base-content/80">
          {description}
        </p>
        {isLong && (
          <button
            type="button"
            // 14 px text on a 44 x 44 px target (WCAG 2.5.5): a phone's thumb hits it.
            className="btn btn-link h-11 min-h-11 min-w-11 px-1 text-sm text-secondary"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'show less' : 'show more'}
          </button>
        )}
      </div>
      <ul className="space-y-1 text-sm">
        <li>{`Minimum order quantity: ${tool.minimumOrderQuantity}`}</li>
        <ToolStockLine tool={tool} label="Available to order" />
        <li className="text-base font-semibold" data-testid="tool-card-price">
          {unitPriceWords(tool.price, prices.priceOf(tool._id))}
        </li>
      </ul>
      <div className="card-actions mt-auto justify-end pt-2">
        <PlaceOrderButton tool={tool} />
      </div>
    </PictureCard>
  );
}

/** A tool card's shape without a tool: the 4:3 picture's space and bars where its text goes. */
export function ToolCardPlaceholder() {
  return (
    <div aria-hidden="true" className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        {/* product.md, "Screens": a spinner shows while the tools load; inside the reserved picture, nothing moves. */}
        <div className="flex aspect-[4/3] w-full items-center justify-center">
          <span className="loading loading-spinner loading-lg text-primary" />
        </div>
      </figure>
      <div className="card-body gap-2 max-sm:p-3">
        <div className="skeleton h-7 w-2/3" />
        <div className="skeleton h-[5.5rem] w-full" />
        <div className="skeleton h-[4.25rem] w-3/4" />
        <div className="mt-auto flex justify-end pt-2">
          <div className="skeleton h-10 w-28" />
        </div>
      </div>
    </div>
  );
}
