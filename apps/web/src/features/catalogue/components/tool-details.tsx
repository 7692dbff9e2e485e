import type { ReactNode } from 'react';
import type { Tool } from '@voltline/shared/tool';
import { LIST_PRICES, unitPriceWords, type CustomerPrices } from '../../../entities/tool/customer-price.ts';
import { SizedPicture } from '../../../components/sized-picture.tsx';

interface ToolDetailsProps {
  tool: Tool;
  /** The stock line: what customers can still order, or Out of stock (entities/tool/components/tool-stock-line.tsx). */
  stock: ReactNode;
  /**
   * The tool page's way to buy (quantity, Add to cart, Place order). Given, the page is laid out as
   * shops lay out a product: the picture beside the name, price, stock, minimum and these, the
   * description below them; on a phone all of it in one column.
   */
  actions?: ReactNode;
  /** The signed-in customer's own price (the purchase page, decision 072); the list price without it. */
  prices?: CustomerPrices;
}

/** One tool in full: its picture (the page's largest element), name, description, limits and price. */
export function ToolDetails({ tool, stock, actions, prices = LIST_PRICES }: ToolDetailsProps) {
  const picture = (
    <figure className="overflow-hidden rounded-box bg-base-200">
      {/* Beside the facts from md (half the page, at most 640 px), else the screen's width. */}
      <SizedPicture src={tool.img} sizes={tool.picture} drawnWidth="(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw" alt={tool.toolName} width={640} height={480} fetchPriority="high" className="aspect-[4/3] h-auto w-full object-cover" />
    </figure>
  );
  const name = <h1 className="text-3xl font-bold break-words">{tool.toolName}</h1>;
  const description = <p className="break-words text-base-content/80">{tool.description}</p>;
  const facts = (
    <ul className="space-y-1">
      {/* The shop's own code, for a buyer who orders by it or quotes it on the phone (issue 40). */}
      {tool.sku !== null && <li>{`SKU: ${tool.sku}`}</li>}
      <li>{`Minimum order quantity: ${tool.minimumOrderQuantity}`}</li>
      {stock}
      <li className="text-lg font-semibold">{unitPriceWords(tool.price, prices.priceOf(tool._id))}</li>
    </ul>
  );
  if (actions) {
    return (
      <div className="grid min-w-0 gap-8 md:grid-cols-2">
        {picture}
        <div className="flex min-w-0 flex-col gap-4">
          {name}
          {facts}
          {actions}
          {description}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {picture}
      {name}
      {description}
      {facts}
    </div>
  );
}
