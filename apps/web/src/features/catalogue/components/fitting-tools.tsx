import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { accessoryKindNames, type FittingTool } from '@voltline/shared/families';
import { formatMoney } from '@voltline/shared/money';
import { isOutOfStock } from '@voltline/shared/stock';
import type { Tool } from '@voltline/shared/tool';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { useFittingTools, type FittingDirection } from '../api/get-fitting-tools.ts';

interface FittingToolsProps {
  toolId: string;
  direction: FittingDirection;
  /** The first few, as the tool page's answer carries them; `more` when others follow. */
  first: { items: FittingTool[]; more: boolean };
  /** What a buyer does with each (the page gives Add to cart: the cart is another area's). */
  actions: (tool: Tool) => ReactNode;
}

const HEADINGS: Record<FittingDirection, string> = { accessories: 'Fits this tool', fits: 'Fits' };

function FittingList({ id, items, actions }: { id: string; items: FittingTool[]; actions: FittingToolsProps['actions'] }) {
  return (
    <ul id={id} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ kind, tool }) => (
        <li key={tool._id} className="card card-border bg-base-100">
          <div className="card-body gap-2 p-4">
            <p className="badge badge-ghost">{accessoryKindNames[kind]}</p>
            <Link to={`/tools/${tool._id}`} className="link link-hover font-semibold break-words">
              {tool.toolName}
            </Link>
            <p>{isOutOfStock(tool) ? <span className="font-semibold text-error">Out of stock</span> : formatMoney(tool.price)}</p>
            {actions(tool)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Every page of the list, asked for once the buyer wants more than the tool page showed. */
function AllFittingTools({ toolId, direction, actions }: Omit<FittingToolsProps, 'first'>) {
  const { rows, more } = useFittingTools(toolId, direction);
  const id = `fitting-${direction}`;
  return (
    <>
      {rows.data && <FittingList id={id} items={rows.data} actions={actions} />}
      <div className="mt-4">
        <LoadMoreButton more={more} controls={id} />
      </div>
    </>
  );
}

/**
 * What fits a tool ("Fits this tool": batteries, chargers, blades, spare parts) or what an accessory
 * fits ("Fits"), issue 40, item 7: the first few drawn with the page from its one answer, the rest
 * from the paged API when asked for.
 */
export function FittingTools({ toolId, direction, first, actions }: FittingToolsProps) {
  const [showAll, setShowAll] = useState(false);
  if (first.items.length === 0) return null;
  const heading = `${direction}-heading`;
  return (
    <section aria-labelledby={heading} className="mt-10">
      <h2 id={heading} className="text-2xl font-semibold">
        {HEADINGS[direction]}
      </h2>
      {showAll ? (
        <AllFittingTools toolId={toolId} direction={direction} actions={actions} />
      ) : (
        <>
          <FittingList id={`fitting-${direction}`} items={first.items} actions={actions} />
          {first.more && (
            <button type="button" className="btn btn-outline mt-4" aria-controls={`fitting-${direction}`} onClick={() => setShowAll(true)}>
              Show more
            </button>
          )}
        </>
      )}
    </section>
  );
}
